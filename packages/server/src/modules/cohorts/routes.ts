import { cohortsApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as cohorts from './service';

const cohortRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await cohorts.listCohorts(deps, req.auth, req.query)));
  register(app, api.create, async (req) => ok(await cohorts.createCohort(deps, req.auth, req.body)));
  register(app, api.get, async (req) => ok(await cohorts.getCohort(deps, req.auth, req.params.id)));
  register(app, api.update, async (req) => ok(await cohorts.updateCohort(deps, req.auth, req.params.id, req.body)));
  register(app, api.remove, async (req) => ok(await cohorts.deleteCohort(deps, req.auth, req.params.id)));
};

export default cohortRoutes;
