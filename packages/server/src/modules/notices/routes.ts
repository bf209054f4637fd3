import { noticesApi as api } from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import { register } from '../../lib/route';
import * as notices from './service';

const noticeRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await notices.listNotices(deps, req.query)));
  register(app, api.create, async (req) => ok(await notices.createNotice(deps, req.auth, req.body)));
  register(app, api.get, async (req) => ok(await notices.getNotice(deps, req.params.id)));
  register(app, api.update, async (req) => ok(await notices.updateNotice(deps, req.auth, req.params.id, req.body)));
  register(app, api.remove, async (req) =>
    ok(await notices.deleteNotice(deps, req.auth, req.params.id).then(() => null)),
  );
  register(app, api.publish, async (req) => ok(await notices.publishNotice(deps, req.auth, req.params.id)));
};

export default noticeRoutes;
