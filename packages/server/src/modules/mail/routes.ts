import { mailApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { listOutbox } from './outbox';

const mailRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) =>
    ok(await listOutbox(deps.db, { ...req.query, to: req.query.to || undefined })),
  );
};

export default mailRoutes;
