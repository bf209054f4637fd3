import { dashboardApi as api } from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import { register } from '../../lib/route';
import * as dashboard from './service';

const dashboardRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.totalStat, async (req) => ok(await dashboard.totalStat(deps, req.auth, req.query)));
  register(app, api.businessStat, async (req) => ok(await dashboard.businessStat(deps, req.auth, req.query)));
  register(app, api.devicePhysicalStat, async (req) =>
    ok(await dashboard.devicePhysicalStat(deps, req.auth, req.query)),
  );
  register(app, api.deviceSessionStat, async (req) => ok(await dashboard.deviceSessionStat(deps, req.auth, req.query)));
  register(app, api.modelStat, async (req) => ok(await dashboard.modelStat(deps, req.auth, req.query)));
  register(app, api.accountStat, async (req) => ok(await dashboard.accountStat(deps, req.auth, req.query)));
};

export default dashboardRoutes;
