import { businessesApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as businesses from './service';

const businessRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await businesses.listBusinesses(deps, req.auth, req.query)));
  register(app, api.create, async (req) => ok(await businesses.createBusiness(deps, req.auth, req.body)));
  register(app, api.get, async (req) => ok(await businesses.getBusiness(deps, req.auth, req.params.id)));
  register(app, api.update, async (req) =>
    ok(await businesses.updateBusiness(deps, req.auth, req.params.id, req.body)),
  );
  register(app, api.remove, async (req) =>
    ok(await businesses.deleteBusiness(deps, req.auth, req.params.id).then(() => null)),
  );
};

export default businessRoutes;
