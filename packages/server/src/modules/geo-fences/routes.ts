import { geoFencesApi as api } from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { ok } from '../../lib/envelope';
import * as fences from './service';

const fenceRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await fences.listFences(deps, req.auth, req.query)));
  register(app, api.create, async (req) => ok(await fences.createFence(deps, req.auth, req.body)));
  register(app, api.events, async (req) => ok(await fences.listEvents(deps, req.auth, req.query)));
  register(app, api.deviceOptions, async (req) => ok(await fences.deviceOptions(deps, req.auth, req.query.keyword)));
  register(app, api.get, async (req) => ok(await fences.getFence(deps, req.auth, req.params.id)));
  register(app, api.update, async (req) => ok(await fences.updateFence(deps, req.auth, req.params.id, req.body)));
  register(app, api.status, async (req) =>
    ok(await fences.setFenceStatus(deps, req.auth, req.params.id, req.body.enabled)),
  );
  register(app, api.remove, async (req) =>
    ok(await fences.deleteFence(deps, req.auth, req.params.id).then(() => null)),
  );
};

export default fenceRoutes;
