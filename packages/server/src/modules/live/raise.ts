import type { JobKind, LiveEventData } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import type { LiveEvent } from './feed';

/**
 * What the places where things change call: each a map write (feed.ts coalesces and sends), so
 * none adds awaited work to the path that calls it. Keys say what coalesces: one device's
 * presence, one device's state, one device's jobs of a kind, one task, one account's counters,
 * one user's unread count.
 */

type Account = number | null | undefined;
const acc = (a: Account) => a ?? null;
const count = (e: LiveEvent) => Number(e.data.count ?? 1);
const summed = (before: LiveEvent, now: LiveEvent): LiveEvent => ({
  ...now,
  data: { ...now.data, count: count(before) + count(now) },
});

/** A device came online or went offline. */
export function raisePresence(deps: Deps, d: { id: number; sn: string; accountId?: Account }, online: boolean) {
  const data: LiveEventData<'presence'> = { accountId: acc(d.accountId), deviceId: d.id, sn: d.sn, online };
  deps.feed.raise(`presence:${d.id}`, { type: 'presence', data });
}

/** A device's live state changed (telemetry, a state event): which fields. */
export function raiseDeviceState(
  deps: Deps,
  d: { id: number; sn: string; accountId?: Account },
  changed: readonly string[],
) {
  if (changed.length === 0) return;
  const data: LiveEventData<'deviceState'> = {
    accountId: acc(d.accountId),
    deviceId: d.id,
    sn: d.sn,
    changed: [...changed],
  };
  deps.feed.raise(`state:${d.id}`, { type: 'deviceState', data }, (before, now) => ({
    ...now,
    data: { ...now.data, changed: [...new Set([...(before.data.changed as string[]), ...changed])] },
  }));
}

/** A print, broadcast or trade job was stored or changed status. */
export function raiseJob(
  deps: Deps,
  job: { id: number; accountId: number; deviceId: number; kind: string; status: number },
) {
  const data: LiveEventData<'job'> = {
    accountId: job.accountId,
    deviceId: job.deviceId,
    kind: job.kind as JobKind,
    id: job.id,
    status: job.status,
    count: 1,
  };
  deps.feed.raise(`job:${job.deviceId}:${job.kind}`, { type: 'job', data }, summed);
}

/** An upgrade task's executions moved. */
export function raiseOta(deps: Deps, t: { taskId: number; accountId: Account }) {
  const data: LiveEventData<'ota'> = { accountId: acc(t.accountId), taskId: t.taskId, count: 1 };
  deps.feed.raise(`ota:${t.taskId}`, { type: 'ota', data }, summed);
}

/** A push task's executions moved. */
export function raisePushTask(deps: Deps, t: { taskId: number; accountId: Account }) {
  const data: LiveEventData<'pushTask'> = { accountId: acc(t.accountId), taskId: t.taskId, count: 1 };
  deps.feed.raise(`push:${t.taskId}`, { type: 'pushTask', data }, summed);
}

/** An account's dashboard counters were written (account 0: the platform's). */
export function raiseDashboard(deps: Pick<Deps, 'feed'>, accountId: number) {
  deps.feed.raise(`dashboard:${accountId}`, { type: 'dashboard', data: { accountId } });
}

/**
 * An account's users got messages (null: every account's, a notice to all): their unread badge
 * may have changed. Each user's console asks for its own count again.
 */
export function raiseUnread(deps: Deps, accountId: number | null) {
  const data: LiveEventData<'unread'> = { accountId };
  deps.feed.raise(`unread:${accountId ?? 'all'}`, { type: 'unread', data });
}
