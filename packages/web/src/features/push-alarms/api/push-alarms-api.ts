import type { AlarmSettings, AlarmSettingsBody, Page, PushAlarm, PushAlarmMuteBody } from '@herald/contract';
import { get, post, put, type Params } from '../../../lib/http';

const BASE = '/v1/push-alarms';

/** The push-delay alarms of the last 7 days (an account's own; every account's for operators). */
export const listPushAlarms = (params: Params) => get<Page<PushAlarm>>(BASE, params);

/** Mute (for `hours`, at most 24) or unmute the alarm of the chosen rows' devices. */
export const mutePushAlarms = (body: PushAlarmMuteBody) => post<null>(`${BASE}/mute`, body);

/** The account's alarm settings (account side only). */
export const alarmSettingsQuery = (enabled: boolean) => ({
  queryKey: ['push-alarms', 'settings'] as const,
  queryFn: () => get<AlarmSettings>(`${BASE}/settings`),
  enabled,
});
export const saveAlarmSettings = (body: AlarmSettingsBody) => put<AlarmSettings>(`${BASE}/settings`, body);
