import {
  ALARM_RETENTION_DAYS,
  DEFAULT_ALARM_SETTINGS,
  type AlarmGrade,
  type AlarmSettings,
  type AlarmSettingsBody,
  type Page,
  type PushAlarm,
  type PushAlarmListQuery,
  type PushAlarmMuteBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { iso, isoOrNull, offsetOf, rangeEnd, rangeStart } from '../../lib/filters';
import { listAccount, ownAccount, targetAccount } from '../../lib/scope';
import { audit } from '../oper-log/audit';
import * as repo from './repo';
import { rememberSettings } from './watch';
import { dataOwner } from '../../lib/data-scope';

const toAlarm = (v: repo.AlarmView, now: Date): PushAlarm => {
  const muted = v.mutedUntil !== null && v.mutedUntil > now;
  return {
    id: v.alarm.id,
    accountId: v.alarm.accountId,
    accountName: v.accountName,
    deviceId: v.alarm.deviceId,
    sn: v.sn,
    deviceName: v.deviceName,
    firstAlarmAt: iso(v.alarm.firstAlarmAt),
    lastAlarmAt: iso(v.alarm.lastAlarmAt),
    latencyMs: v.alarm.latencyMs,
    thresholdMs: v.alarm.thresholdMs,
    count: v.alarm.count,
    muted,
    mutedUntil: muted ? isoOrNull(v.mutedUntil) : null,
    mutedBy: muted ? v.mutedBy : null,
    mutedAt: muted ? isoOrNull(v.mutedAt) : null,
  };
};

export async function listAlarms(deps: Deps, auth: AuthContext, q: PushAlarmListQuery): Promise<Page<PushAlarm>> {
  const now = new Date();
  const { rows, total } = await repo.listAlarms(deps.db, {
    accountId: listAccount(auth, q.accountId),
    owner: dataOwner(auth),
    sn: q.sn || undefined,
    muted: q.muted,
    since: new Date(now.getTime() - ALARM_RETENTION_DAYS * 86_400_000),
    from: rangeStart(q.from),
    to: rangeEnd(q.to),
    now,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map((r) => toAlarm(r, now)), total, page: q.page, pageSize: q.pageSize };
}

/** Mutes (for `hours`) or unmutes the alarms of the chosen rows' devices; rows of other accounts are left alone. */
export async function muteAlarms(deps: Deps, auth: AuthContext, body: PushAlarmMuteBody): Promise<void> {
  const found = await repo.devicesOfAlarms(deps.db, body.ids, ownAccount(auth), dataOwner(auth));
  if (!found.length) return;
  const ids = found.map((d) => d.deviceId);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    if (body.muted) await repo.mute(tx, ids, new Date(now.getTime() + body.hours * 3_600_000), auth.userId, now);
    else await repo.unmute(tx, ids);
    await audit(tx, auth, {
      module: 'pushAlarm',
      type: body.muted ? 'mute' : 'unmute',
      description: {
        key: body.muted ? 'log.pushAlarm.mute' : 'log.pushAlarm.unmute',
        params: { sns: found.map((d) => d.sn).join(', ') },
      },
    });
  });
}

export async function getSettings(deps: Deps, auth: AuthContext): Promise<AlarmSettings> {
  const row = await repo.findSettings(deps.db, targetAccount(auth, undefined));
  if (!row) return { ...DEFAULT_ALARM_SETTINGS, updatedAt: null };
  return {
    monitorMinutes: row.monitorMinutes,
    consecutive: row.consecutive,
    thresholdMs: row.thresholdMs,
    notifyHours: row.notifyHours,
    liftMuteHours: row.liftMuteHours,
    grades: row.grades as AlarmGrade[],
    updatedAt: iso(row.updatedAt),
  };
}

export async function saveSettings(deps: Deps, auth: AuthContext, body: AlarmSettingsBody): Promise<AlarmSettings> {
  const accountId = targetAccount(auth, undefined);
  await deps.db.transaction(async (tx) => {
    await repo.saveSettings(tx, accountId, body);
    await audit(tx, auth, {
      module: 'pushAlarm',
      type: 'setting',
      description: {
        key: 'log.pushAlarm.settings',
        params: { consecutive: body.consecutive, thresholdMs: body.thresholdMs, monitorMinutes: body.monitorMinutes },
      },
    });
  });
  const saved = await getSettings(deps, auth); // liftMuteHours as kept when the body left it out
  rememberSettings(deps, accountId, saved);
  await deps.invalidation.publish('alarmSettings', accountId);
  return saved;
}
