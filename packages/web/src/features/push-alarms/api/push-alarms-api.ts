import { pushAlarmsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { AlarmSettingsBody, PushAlarmMuteBody } from '@herald/contract';
import { type Params } from '../../../lib/http';

/** The push-delay alarms of the last 7 days (an account's own; every account's for operators). */
export const listPushAlarms = (params: Params) => call(pushAlarmsApi.list, { query: params });

/** Mute (for `hours`, at most 24) or unmute the alarm of the chosen rows' devices. */
export const mutePushAlarms = (body: PushAlarmMuteBody) => call(pushAlarmsApi.mute, { body });

/** The account's alarm settings (account side only). */
export const alarmSettingsQuery = (enabled: boolean) => ({
  queryKey: ['push-alarms', 'settings'] as const,
  queryFn: () => call(pushAlarmsApi.settings),
  enabled,
});
export const saveAlarmSettings = (body: AlarmSettingsBody) => call(pushAlarmsApi.updateSettings, { body });
