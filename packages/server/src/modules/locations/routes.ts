import { locationsApi as api } from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { ok } from '../../lib/envelope';
import * as locations from './service';

const locationRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.mapConfig, async (req) => ok(await locations.mapConfig(deps, req.auth)));
  register(app, api.pageQueryMapDevice, async (req) => ok(await locations.mapPage(deps, req.auth, req.query)));
  register(app, api.listQueryDeviceLocation, async (req) => ok(await locations.mapMarkers(deps, req.auth, req.query)));
  register(app, api.deviceLocationMapDetail, async (req) =>
    ok(await locations.deviceLocation(deps, req.auth, req.params.id, req.query)),
  );
  register(app, api.listCells, async () => ok(await locations.cellStats(deps)));
  register(app, api.saveCells, async (req) => ok(await locations.importCells(deps, req.auth, req.body)));
};

export default locationRoutes;
