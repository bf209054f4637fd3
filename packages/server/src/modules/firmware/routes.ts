import { firmwareApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as firmware from './service';

const firmwareRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await firmware.listFirmware(deps, req.auth, req.query)));
  register(app, api.get, async (req) => ok(await firmware.getFirmware(deps, req.auth, req.params.id)));
  register(app, api.create, async (req) => ok(await firmware.createFirmware(deps, req.auth, req.body)));
  register(app, api.remove, async (req) =>
    ok(await firmware.deleteFirmware(deps, req.auth, req.params.id).then(() => null)),
  );
  register(app, api.commonFirmwareListQuery, async (req) =>
    ok(await firmware.firmwareOptions(deps, req.auth, req.query)),
  );
};

export default firmwareRoutes;
