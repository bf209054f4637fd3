import {
  ALARM_LATENCY_MAX_MS,
  DEFAULT_ALARM_SETTINGS,
  formatMessage,
  type AlarmSettingsBody,
  type Locale,
} from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { alertTitle } from '../messages/alerts';
import * as messages from '../messages/repo';
import * as repo from './repo';
import type { Invalidation } from '../../lib/invalidation';

/** How long a server keeps an account's settings before reading them again (a change elsewhere shows within it). */
const SETTINGS_TTL_MS = 30_000;

type Monitor = Pick<AlarmSettingsBody, 'monitorMinutes' | 'consecutive' | 'thresholdMs' | 'notifyHours'> & {
  liftMuteHours: number;
  /** the account's push-delay alarm service (an operator's switch); undefined: not read yet, on */
  serviceOff?: boolean;
};
/** A slow push to weigh (observePush), or an alarm to record as it is (slowPushAt undefined). */
export type PushAlarm = { latencyMs: number; monitor: Monitor; slowPushAt?: number };
/** One server's copy of the accounts' settings and its fast pushes not yet written (Deps.pushWatch). */
export type PushWatch = {
  settings: Map<number, { s: Monitor; at: number; loading?: Promise<void> }>;
  /** fast pushes not yet written, per device the latest (ms): each ends the device's streak */
  fast: Map<number, number>;
  flushing?: NodeJS.Timeout;
  /** pushes observed, to prune now and then */
  seen: number;
};
const PRUNE_EVERY = 10_000;
/** Longer than the longest monitoring window (60 minutes). */
const STALE_MS = 2 * 3_600_000;
/** Fast pushes are written together, this often at most: most pushes are fast, and most end nothing. */
const FAST_FLUSH_MS = 200;

export function newPushWatch(bus: Invalidation): PushWatch {
  const state: PushWatch = { settings: new Map(), fast: new Map(), seen: 0 };
  // another server saved an account's settings: read them again at its next push (the copy serves meanwhile)
  const stale = (c: { at: number } | undefined) => c && (c.at = 0);
  bus.subscribe(
    'alarmSettings',
    (id) => stale(state.settings.get(Number(id))),
    () => state.settings.forEach(stale),
  );
  return state;
}

type WatchDeps = Pick<Deps, 'db' | 'pushWatch'>;

/**
 * The account's monitoring, from this server's copy; a missing or old copy is read again in the
 * background (the push that finds none is judged by the defaults).
 */
function monitorOf(deps: WatchDeps, accountId: number, now: number): Monitor {
  const { settings } = deps.pushWatch;
  const cached = settings.get(accountId);
  if (!cached || (now - cached.at > SETTINGS_TTL_MS && !cached.loading)) {
    const entry: { s: Monitor; at: number; loading?: Promise<void> } = cached ?? { s: DEFAULT_ALARM_SETTINGS, at: 0 };
    entry.loading = Promise.all([repo.findSettings(deps.db, accountId), repo.serviceOn(deps.db, accountId)])
      .then(([row, on]) => {
        entry.s = { ...(row ?? DEFAULT_ALARM_SETTINGS), serviceOff: !on };
        entry.at = Date.now();
      })
      .catch(() => {}) // the defaults or the last copy stay; the next push asks again
      .finally(() => (entry.loading = undefined));
    settings.set(accountId, entry);
  }
  return settings.get(accountId)!.s;
}

/** An account saved its settings: this server uses them from the next push (the others are told, lib/invalidation.ts). */
export function rememberSettings(deps: WatchDeps, accountId: number, s: Monitor): void {
  const { settings } = deps.pushWatch;
  const serviceOff = settings.get(accountId)?.s.serviceOff;
  settings.set(accountId, { s: { ...s, serviceOff }, at: Date.now() });
}

/**
 * One acked push of a device and its latency, on the pipeline's hot path: a few map operations.
 * A device's acks may reach any server (shared subscriptions), so its streak of slow pushes is a
 * row every server counts in (push_streaks). A slow push is returned, to be weighed against that
 * row off the ack's answer (raisePushAlarm); a fast push ends the streak, written with the other
 * fast pushes of the next FAST_FLUSH_MS (most end nothing, and one statement per ack would cost the
 * pipeline more than everything else the alarm does).
 */
export function observePush(
  deps: WatchDeps,
  job: { accountId: number; deviceId: number },
  latencyMs: number,
  at: number,
): PushAlarm | undefined {
  // an echoed send time that is not one (0, the device's own clock): no latency to judge
  if (!(latencyMs >= 0 && latencyMs <= ALARM_LATENCY_MAX_MS)) return undefined;
  const monitor = monitorOf(deps, job.accountId, at);
  // the service is off for the account: no latency of its devices is judged
  if (monitor.serviceOff) return undefined;
  const state = deps.pushWatch;
  if (++state.seen % PRUNE_EVERY === 0) prune(state, at);
  if (latencyMs > monitor.thresholdMs) return { latencyMs, monitor, slowPushAt: at };
  state.fast.set(job.deviceId, Math.max(at, state.fast.get(job.deviceId) ?? 0));
  state.flushing ??= setTimeout(() => void flushFast(deps, state), FAST_FLUSH_MS).unref();
  return undefined;
}

async function flushFast(deps: WatchDeps, state: PushWatch): Promise<void> {
  state.flushing = undefined;
  const fast = [...state.fast].map(([deviceId, at]) => ({ deviceId, at }));
  state.fast.clear();
  // a failure leaves a streak that the window or the next fast push ends
  if (fast.length > 0) await repo.endStreaks(deps.db, fast).catch(() => {});
}

/** Settings of accounts not seen for long go. */
function prune(state: PushWatch, now: number) {
  for (const [accountId, c] of state.settings)
    if (now - c.at > STALE_MS && !c.loading) state.settings.delete(accountId);
}

/**
 * Counts a slow push (from observePush) in the device's shared streak. Returns the slowest latency
 * of the streak when it is complete (an alarm is due), else undefined.
 */
export function countSlowPush(
  deps: WatchDeps,
  deviceId: number,
  push: PushAlarm & { slowPushAt: number },
): Promise<number | undefined> {
  return repo.countSlowPush(deps.db, {
    deviceId,
    at: push.slowPushAt,
    latencyMs: push.latencyMs,
    endedAt: deps.pushWatch.fast.get(deviceId) ?? 0,
    consecutive: push.monitor.consecutive,
    windowMs: push.monitor.monitorMinutes * 60_000,
  });
}

/** Write the fast pushes observed so far now (tests; they are written within FAST_FLUSH_MS anyway). */
export async function flushFastPushes(deps: WatchDeps): Promise<void> {
  const state = deps.pushWatch;
  clearTimeout(state.flushing);
  await flushFast(deps, state);
}

/**
 * A slow push from observePush is first counted in the device's streak (countSlowPush), and raises
 * nothing until the streak is complete. An alarm records the alarm, and when it begins a new row
 * (not within the notification frequency of the last one) and the device's alarm is not muted,
 * sends a 'latency' alert to the account's receivers, if the account wants that kind.
 * A muted device's alarms are counted in the mute's run (repo.weighMutedAlarm): when they have gone
 * on for the account's `liftMuteHours`, the latency is sustained, the mute lifts and the receivers
 * are told so, whether or not this alarm began a new row. One transaction: a failure leaves
 * nothing half done.
 */
export async function raisePushAlarm(
  deps: WatchDeps,
  device: { accountId: number; deviceId: number; sn: string },
  alarm: PushAlarm,
  at?: Date,
): Promise<number> {
  if (alarm.slowPushAt !== undefined) {
    const slowest = await countSlowPush(deps, device.deviceId, { ...alarm, slowPushAt: alarm.slowPushAt });
    if (slowest === undefined) return 0;
    alarm = { latencyMs: slowest, monitor: alarm.monitor };
  }
  at ??= new Date();
  return deps.db.transaction(async (tx) => {
    const fresh = await repo.recordAlarm(
      tx,
      {
        accountId: device.accountId,
        deviceId: device.deviceId,
        latencyMs: alarm.latencyMs,
        thresholdMs: alarm.monitor.thresholdMs,
      },
      at,
      alarm.monitor.notifyHours,
    );
    const muted = await repo.mutedUntil(tx, device.deviceId);
    let lifted = false;
    if (muted && muted > at) {
      const { monitorMinutes, liftMuteHours } = alarm.monitor;
      lifted = await repo.weighMutedAlarm(tx, device.deviceId, at, monitorMinutes * 60_000, liftMuteHours * 3_600_000);
      if (!lifted) return 0;
    } else if (!fresh) return 0;
    const target = await messages.alertTarget(tx, device.deviceId);
    if (!target || !((target.alertKinds ?? ['latency']) as string[]).includes('latency')) return 0;
    const words = { kind: 'latency' as const, detail: `${alarm.latencyMs} ms > ${alarm.monitor.thresholdMs} ms` };
    const hours = alarm.monitor.liftMuteHours;
    const title = (l: Locale) =>
      lifted
        ? formatMessage('alert.latencyUnmuted', l, { sn: device.sn, detail: words.detail, hours })
        : alertTitle(words, device.sn, l);
    return messages.deliverAlert(
      tx,
      { accountId: target.accountId, deviceId: device.deviceId, sn: device.sn, ...words },
      { zh_CN: title('zh_CN'), en_US: title('en_US') },
      at,
    );
  });
}
