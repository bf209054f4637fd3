import { applicationsApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as apps from './service';

const applicationRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await apps.listApps(deps, req.auth, req.query)));
  register(app, api.create, async (req) => ok(await apps.createApp(deps, req.auth, req.body)));
  register(app, api.get, async (req) => ok(await apps.getApp(deps, req.auth, req.params.id)));
  register(app, api.update, async (req) => ok(await apps.updateApp(deps, req.auth, req.params.id, req.body)));
  register(app, api.remove, async (req) => ok(await apps.deleteApp(deps, req.auth, req.params.id).then(() => null)));
  register(app, api.secret, async (req) =>
    ok(await apps.revealSecret(deps, req.auth, req.params.id, req.body.password)),
  );
};

export default applicationRoutes;
