import { usersApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as users from './service';

const userRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await users.listUsers(deps, req.auth, req.query)));

  register(app, api.create, async (req) => ok(await users.createUser(deps, req.auth, req.body)));

  // before /:id so that "change-admin" is never taken for an id
  register(app, api.changeAdmin, async (req) => {
    await users.changeAdmin(deps, req.auth, req.body.userId);
    return ok(null);
  });

  register(app, api.get, async (req) => ok(await users.getUser(deps, req.auth, req.params.id)));

  register(app, api.update, async (req) => ok(await users.updateUser(deps, req.auth, req.params.id, req.body)));

  register(app, api.remove, async (req) => {
    await users.deleteUser(deps, req.auth, req.params.id);
    return ok(null);
  });

  register(app, api.status, async (req) => {
    await users.setUserStatus(deps, req.auth, req.params.id, req.body.status);
    return ok(null);
  });

  register(app, api.unlock, async (req) => {
    await users.unlockUser(deps, req.auth, req.params.id);
    return ok(null);
  });

  register(app, api.resetPassword, async (req) => {
    await users.resetPassword(deps, req.auth, req.params.id);
    return ok(null);
  });

  register(app, api.sendActivation, async (req) => {
    await users.sendActivation(deps, req.auth, req.params.id);
    return ok(null);
  });

  register(app, api.assignRoles, async (req) =>
    ok(await users.assignRoles(deps, req.auth, req.params.id, req.body.roleIds)),
  );
};

export default userRoutes;
