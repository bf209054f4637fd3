import { deviceTypesApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as deviceTypes from './service';

const deviceTypeRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.overview, async (req) => ok(await deviceTypes.deviceTypeOverview(deps, req.locale)));
};

export default deviceTypeRoutes;
