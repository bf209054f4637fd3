import { z } from 'zod';
import {
  createNoticeBody,
  envelope,
  idParamSchema,
  noticeListQuery,
  noticeSchema,
  pageOf,
  updateNoticeBody,
} from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import * as notices from './service';

const tags = ['notices'];
/** Notices are the operators' (screen /notice/list). */
const op = (action: string) => ({ access: { side: 'op', permission: `herald.op.notice.${action}` } }) as const;
const one = (summary: string) => ({ tags, summary, params: idParamSchema, response: { 200: envelope(noticeSchema) } });

const noticeRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/notices',
    {
      config: op('query'),
      schema: {
        tags,
        summary: 'List notices',
        querystring: noticeListQuery,
        response: { 200: envelope(pageOf(noticeSchema)) },
      },
    },
    async (req) => ok(await notices.listNotices(deps, req.query)),
  );
  app.post(
    '/v1/notices',
    {
      config: op('add'),
      schema: {
        tags,
        summary: 'Write a notice (a draft)',
        body: createNoticeBody,
        response: { 200: envelope(noticeSchema) },
      },
    },
    async (req) => ok(await notices.createNotice(deps, req.auth, req.body)),
  );
  app.get('/v1/notices/:id', { config: op('query'), schema: one('Notice detail') }, async (req) =>
    ok(await notices.getNotice(deps, req.params.id)),
  );
  app.put(
    '/v1/notices/:id',
    { config: op('edit'), schema: { ...one('Edit a draft notice'), body: updateNoticeBody } },
    async (req) => ok(await notices.updateNotice(deps, req.auth, req.params.id, req.body)),
  );
  app.delete(
    '/v1/notices/:id',
    {
      config: op('delete'),
      schema: { tags, summary: 'Delete a draft notice', params: idParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (req) => ok(await notices.deleteNotice(deps, req.auth, req.params.id).then(() => null)),
  );
  app.post(
    '/v1/notices/:id/publish',
    { config: op('publish'), schema: one('Publish a draft: its target accounts’ receivers get it as a message') },
    async (req) => ok(await notices.publishNotice(deps, req.auth, req.params.id)),
  );
};

export default noticeRoutes;
