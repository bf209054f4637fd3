import { rolesApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as roles from './service';

const roleRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await roles.listRoles(deps, req.auth, req.query)));

  register(app, api.options, async (req) => ok(await roles.roleOptions(deps, req.auth)));

  register(app, api.permissionTree, async (req) => ok(await roles.permissionTree(deps, req.auth)));

  register(app, api.create, async (req) => ok(await roles.createRole(deps, req.auth, req.body)));

  register(app, api.get, async (req) => ok(await roles.getRole(deps, req.auth, req.params.id)));

  register(app, api.update, async (req) => ok(await roles.updateRole(deps, req.auth, req.params.id, req.body)));

  register(app, api.remove, async (req) => {
    await roles.deleteRole(deps, req.auth, req.params.id);
    return ok(null);
  });
};

export default roleRoutes;
