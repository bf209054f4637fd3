import { resourcePackagesApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as resources from './service';

const resourcePackageRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await resources.listResources(deps, req.auth, req.query)));
  register(app, api.get, async (req) => ok(await resources.getResource(deps, req.auth, req.params.id)));
  register(app, api.create, async (req) => ok(await resources.createResource(deps, req.auth, req.body, req.log)));
  register(app, api.remove, async (req) =>
    ok(await resources.deleteResource(deps, req.auth, req.params.id).then(() => null)),
  );
  register(app, api.commonResourceListQuery, async (req) =>
    ok(await resources.resourceOptions(deps, req.auth, req.query)),
  );
};

export default resourcePackageRoutes;
