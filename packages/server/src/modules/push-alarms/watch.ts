import { ALARM_LATENCY_MAX_MS, DEFAULT_ALARM_SETTINGS, type AlarmSettingsBody, type Locale } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { alertTitle } from '../messages/alerts';
import * as messages from '../messages/repo';
import * as repo from './repo';
import { invalidationOf } from '../../lib/invalidation';

/** How long a server keeps an account's settings before reading them again (a change elsewhere shows within it). */
const SETTINGS_TTL_MS = 30_000;

type Monitor = Pick<AlarmSettingsBody, 'monitorMinutes' | 'consecutive' | 'thresholdMs' | 'notifyHours'>;
/** The times of the device's latest slow pushes in a row (at most `consecutive` of them) and the slowest. */
type Streak = { times: number[]; slowest: number };
type State = {
  settings: Map<number, { s: Monitor; at: number; loading?: Promise<void> }>;
  streaks: Map<number, Streak>;
  /** pushes observed, to prune now and then */
  seen: number;
};
const PRUNE_EVERY = 10_000;
/** Longer than the longest monitoring window (60 minutes). */
const STALE_STREAK_MS = 2 * 3_600_000;
const states = new WeakMap<object, State>();
const stateOf = (deps: Pick<Deps, 'db'>): State => {
  let s = states.get(deps.db);
  if (!s) {
    const state: State = { settings: new Map(), streaks: new Map(), seen: 0 };
    states.set(deps.db, (s = state));
    // another server saved an account's settings: read them again at its next push (the copy serves meanwhile)
    const stale = (c: { at: number } | undefined) => c && (c.at = 0);
    invalidationOf(deps.db)?.subscribe(
      'alarmSettings',
      (id) => stale(state.settings.get(Number(id))),
      () => state.settings.forEach(stale),
    );
  }
  return s;
};

/**
 * The account's monitoring, from this server's copy; a missing or old copy is read again in the
 * background (the push that finds none is judged by the defaults).
 */
function monitorOf(deps: Pick<Deps, 'db'>, accountId: number, now: number): Monitor {
  const { settings } = stateOf(deps);
  const cached = settings.get(accountId);
  if (!cached || (now - cached.at > SETTINGS_TTL_MS && !cached.loading)) {
    const entry = cached ?? { s: DEFAULT_ALARM_SETTINGS, at: 0 };
    entry.loading = repo
      .findSettings(deps.db, accountId)
      .then((row) => {
        entry.s = row ?? DEFAULT_ALARM_SETTINGS;
        entry.at = Date.now();
      })
      .catch(() => {}) // the defaults or the last copy stay; the next push asks again
      .finally(() => (entry.loading = undefined));
    settings.set(accountId, entry);
  }
  return settings.get(accountId)!.s;
}

/** An account saved its settings: this server uses them from the next push (other servers within SETTINGS_TTL_MS). */
export const rememberSettings = (deps: Pick<Deps, 'db'>, accountId: number, s: Monitor) =>
  stateOf(deps).settings.set(accountId, { s, at: Date.now() });

/**
 * One acked push of a device and its latency. A few map operations per push: the pipeline's hot
 * path calls it. Returns the alarm to raise when the device's last `consecutive` pushes were all
 * slower than the threshold and the first of them is within the monitoring window (the streak then
 * starts again).
 */
export function observePush(
  deps: Pick<Deps, 'db'>,
  job: { accountId: number; deviceId: number },
  latencyMs: number,
  at: number,
): { latencyMs: number; monitor: Monitor } | undefined {
  // an echoed send time that is not one (0, the device's own clock): no latency to judge
  if (!(latencyMs >= 0 && latencyMs <= ALARM_LATENCY_MAX_MS)) return undefined;
  const monitor = monitorOf(deps, job.accountId, at);
  const state = stateOf(deps);
  if (++state.seen % PRUNE_EVERY === 0) prune(state, at);
  const { streaks } = state;
  if (latencyMs <= monitor.thresholdMs) {
    streaks.delete(job.deviceId);
    return undefined;
  }
  // the window slides: the last `consecutive` slow pushes in a row, the oldest of them within it
  const s = streaks.get(job.deviceId) ?? { times: [], slowest: 0 };
  s.times.push(at);
  if (s.times.length > monitor.consecutive) s.times.splice(0, s.times.length - monitor.consecutive);
  s.slowest = Math.max(s.slowest, latencyMs);
  if (s.times.length < monitor.consecutive || at - s.times[0]! > monitor.monitorMinutes * 60_000) {
    streaks.set(job.deviceId, s);
    return undefined;
  }
  streaks.delete(job.deviceId);
  return { latencyMs: s.slowest, monitor };
}

/** Streaks a device left unfinished (it went quiet, or to another server) go once older than any window. */
function prune(state: State, now: number) {
  for (const [deviceId, s] of state.streaks)
    if (now - s.times.at(-1)! > STALE_STREAK_MS) state.streaks.delete(deviceId);
  for (const [accountId, c] of state.settings)
    if (now - c.at > STALE_STREAK_MS && !c.loading) state.settings.delete(accountId);
}

/**
 * Records the alarm, and when it begins a new row (not within the notification frequency of the
 * last one) and the device's alarm is not muted, sends a 'latency' alert to the account's
 * receivers, if the account wants that kind. One transaction: a failure leaves nothing half done.
 */
export async function raisePushAlarm(
  deps: Pick<Deps, 'db'>,
  device: { accountId: number; deviceId: number; sn: string },
  alarm: { latencyMs: number; monitor: Monitor },
  at = new Date(),
): Promise<number> {
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
    if (!fresh) return 0;
    const muted = await repo.mutedUntil(tx, device.deviceId);
    if (muted && muted > at) return 0;
    const target = await messages.alertTarget(tx, device.deviceId);
    if (!target || !((target.alertKinds ?? ['latency']) as string[]).includes('latency')) return 0;
    const words = { kind: 'latency' as const, detail: `${alarm.latencyMs} ms > ${alarm.monitor.thresholdMs} ms` };
    const title = (l: Locale) => alertTitle(words, device.sn, l);
    return messages.deliverAlert(
      tx,
      { accountId: target.accountId, deviceId: device.deviceId, sn: device.sn, ...words },
      { zh_CN: title('zh_CN'), en_US: title('en_US') },
      at,
    );
  });
}
