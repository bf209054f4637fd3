import { pushAlarmsApi as api } from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { ok } from '../../lib/envelope';
import * as alarms from './service';

const pushAlarmRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await alarms.listAlarms(deps, req.auth, req.query)));
  register(app, api.mute, async (req) => ok(await alarms.muteAlarms(deps, req.auth, req.body).then(() => null)));
  register(app, api.settings, async (req) => ok(await alarms.getSettings(deps, req.auth)));
  register(app, api.updateSettings, async (req) => ok(await alarms.saveSettings(deps, req.auth, req.body)));
};

export default pushAlarmRoutes;
