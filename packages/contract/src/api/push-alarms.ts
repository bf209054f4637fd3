import { z } from 'zod';
import {
  alarmSettingsBody,
  alarmSettingsSchema,
  pushAlarmListQuery,
  pushAlarmMuteBody,
  pushAlarmSchema,
} from '../schemas/push-alarms';
import { pageOf } from '../envelope';
import { route } from './route';

const tags = ['push-alarms'];
const WARN = 'herald.device.physical.push.warn.query';
/** The alarm list is both sides' (scoped in the service); the settings are an account's own. */
const query = { permission: `${WARN}.query` } as const;
const settings = (action: 'query' | 'setting') => ({ side: 'ac', permission: `${WARN}.${action}` }) as const;

export const pushAlarmsApi = {
  list: route({
    method: 'GET',
    path: '/v1/push-alarms',
    query: pushAlarmListQuery,
    response: pageOf(pushAlarmSchema),
    access: query,
    summary: 'Push-delay alarms of the last 7 days',
    tags,
  }),
  mute: route({
    method: 'POST',
    path: '/v1/push-alarms/mute',
    body: pushAlarmMuteBody,
    response: z.null(),
    access: { permission: 'herald.device.physical.push.alert.silence.mute' },
    summary: "Mute (at most 24 hours) or unmute the alarms of the chosen rows' devices",
    tags,
  }),
  settings: route({
    method: 'GET',
    path: '/v1/push-alarms/settings',
    response: alarmSettingsSchema,
    access: settings('query'),
    summary: 'The account’s alarm settings',
    tags,
  }),
  updateSettings: route({
    method: 'PUT',
    path: '/v1/push-alarms/settings',
    body: alarmSettingsBody,
    response: alarmSettingsSchema,
    access: settings('setting'),
    summary: 'Change the account’s alarm settings',
    tags,
  }),
};
