import { groupsApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as groups from './service';

const groupRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await groups.listGroups(deps, req.auth, req.query, req.locale)));
  register(app, api.create, async (req) => ok(await groups.createGroup(deps, req.auth, req.body, req.locale)));
  register(app, api.get, async (req) => ok(await groups.getGroup(deps, req.auth, req.params.id, req.locale)));
  register(app, api.update, async (req) =>
    ok(await groups.updateGroup(deps, req.auth, req.params.id, req.body, req.locale)),
  );
  register(app, api.remove, async (req) => ok(await groups.deleteGroup(deps, req.auth, req.params.id)));
};

export default groupRoutes;
