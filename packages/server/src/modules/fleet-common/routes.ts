import { fleetCommonApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { appOptions } from '../applications/service';
import { qrcodeOf } from '../devices/service';
import { groupOptions } from '../groups/service';
import { manufacturerOptions } from '../manufacturers/service';
import { modelOptions } from '../models/service';

const fleetCommonRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.modelListQuery, async (req) => ok(await modelOptions(deps, req.auth)));
  register(app, api.groupListQuery, async (req) =>
    ok(await groupOptions(deps, req.auth, req.query.accountId, req.locale)),
  );
  register(app, api.appListQuery, async (req) => ok(await appOptions(deps, req.auth, req.query.accountId)));
  register(app, api.manufacturerListQuery, async () => ok(await manufacturerOptions(deps)));
  register(app, api.getDeviceQrcodeUrl, async (req) => ok(await qrcodeOf(deps, req.auth, req.query.sn)));
};

export default fleetCommonRoutes;
