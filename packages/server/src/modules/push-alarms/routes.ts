import { z } from 'zod';
import {
  alarmSettingsBody,
  alarmSettingsSchema,
  envelope,
  pageOf,
  pushAlarmListQuery,
  pushAlarmMuteBody,
  pushAlarmSchema,
} from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import * as alarms from './service';

const tags = ['push-alarms'];
const WARN = 'herald.device.physical.push.warn.query';
/** The alarm list is both sides' (scoped in the service); the settings are an account's own. */
const query = { access: { permission: `${WARN}.query` } } as const;
const settings = (action: 'query' | 'setting') =>
  ({ access: { side: 'ac', permission: `${WARN}.${action}` } }) as const;

const pushAlarmRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/push-alarms',
    {
      config: query,
      schema: {
        tags,
        summary: 'Push-delay alarms of the last 7 days',
        querystring: pushAlarmListQuery,
        response: { 200: envelope(pageOf(pushAlarmSchema)) },
      },
    },
    async (req) => ok(await alarms.listAlarms(deps, req.auth, req.query)),
  );
  app.post(
    '/v1/push-alarms/mute',
    {
      config: { access: { permission: 'herald.device.physical.push.alert.silence.mute' } },
      schema: {
        tags,
        summary: "Mute (at most 24 hours) or unmute the alarms of the chosen rows' devices",
        body: pushAlarmMuteBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await alarms.muteAlarms(deps, req.auth, req.body).then(() => null)),
  );
  app.get(
    '/v1/push-alarms/settings',
    {
      config: settings('query'),
      schema: { tags, summary: 'The account’s alarm settings', response: { 200: envelope(alarmSettingsSchema) } },
    },
    async (req) => ok(await alarms.getSettings(deps, req.auth)),
  );
  app.put(
    '/v1/push-alarms/settings',
    {
      config: settings('setting'),
      schema: {
        tags,
        summary: 'Change the account’s alarm settings',
        body: alarmSettingsBody,
        response: { 200: envelope(alarmSettingsSchema) },
      },
    },
    async (req) => ok(await alarms.saveSettings(deps, req.auth, req.body)),
  );
};

export default pushAlarmRoutes;
