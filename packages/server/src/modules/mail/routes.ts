import { envelope, mailListQuery, mailSchema, pageOf } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { listOutbox } from './outbox';

const mailRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/mails',
    {
      // the outbox holds activation and reset links: reading it is taking over users, so only the
      // operator super-administrator may
      config: { access: { side: 'op', superAdmin: true } },
      schema: {
        tags: ['mail'],
        summary: 'Mail outbox, newest first (operator super-administrator only)',
        querystring: mailListQuery,
        response: { 200: envelope(pageOf(mailSchema)) },
      },
    },
    async (req) => ok(await listOutbox(deps.db, { ...req.query, to: req.query.to || undefined })),
  );
};

export default mailRoutes;
