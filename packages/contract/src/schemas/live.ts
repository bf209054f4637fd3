import { z } from 'zod';
import { JOB_KINDS } from '../pipeline';

/**
 * The live feed (GET /v1/live, Server-Sent Events): small notes that something a page shows
 * changed — ids and the changed fields, never the records themselves. The page decides whether
 * to fetch again. Events of one kind and key are coalesced on the server for LIVE_COALESCE_MS,
 * so a busy device sends one `job` event per window, not one per job (`count` says how many).
 */
export const LIVE_PATH = '/v1/live';
/** Events of one kind and key within this window go out as one (the last state, the changes merged). */
export const LIVE_COALESCE_MS = 300;
/** A comment line this often keeps proxies from closing an idle stream and shows a dead one. */
export const LIVE_HEARTBEAT_MS = 20_000;
/** Streams one user may hold open on one server (the console needs one per open browser tab). */
export const LIVE_STREAMS_PER_USER = 8;
/** With the stream down, pages still poll this slowly. */
export const LIVE_FALLBACK_POLL_MS = 60_000;

const account = { accountId: z.number().int().nullable() };

export const livePresenceEvent = z.object({
  ...account,
  deviceId: z.number().int(),
  sn: z.string(),
  online: z.boolean(),
});
export const liveDeviceStateEvent = z.object({
  ...account,
  deviceId: z.number().int(),
  sn: z.string(),
  /** the live-state fields that changed (printerState, battery, volume, firmware, position, ...) */
  changed: z.array(z.string()),
});
export const liveJobEvent = z.object({
  ...account,
  deviceId: z.number().int(),
  kind: z.enum(JOB_KINDS),
  /** the last job that changed in the window, and its status now */
  id: z.number().int(),
  status: z.number().int(),
  /** changes coalesced into this event */
  count: z.number().int(),
});
export const liveOtaEvent = z.object({ ...account, taskId: z.number().int(), count: z.number().int() });
export const livePushTaskEvent = z.object({ ...account, taskId: z.number().int(), count: z.number().int() });
/** The dashboard's job counters moved (account 0: the platform's totals). */
export const liveDashboardEvent = z.object({ ...account });
/** An account's users got messages (null: every account's): the unread badge asks again. */
export const liveUnreadEvent = z.object({ ...account });
/** Events may have been missed (a reconnect to another server, a lost database listener): fetch again. */
export const liveResyncEvent = z.object({ reason: z.string() });
/** The stream is open; `server` names the process (a reconnect may reach another one). */
export const liveReadyEvent = z.object({ server: z.string() });

export const LIVE_EVENTS = {
  presence: livePresenceEvent,
  deviceState: liveDeviceStateEvent,
  job: liveJobEvent,
  ota: liveOtaEvent,
  pushTask: livePushTaskEvent,
  dashboard: liveDashboardEvent,
  unread: liveUnreadEvent,
  resync: liveResyncEvent,
  ready: liveReadyEvent,
} as const;
export type LiveEventType = keyof typeof LIVE_EVENTS;
export type LiveEventData<T extends LiveEventType> = z.infer<(typeof LIVE_EVENTS)[T]>;

/**
 * The permission an event needs on either side, beside its account (account users see only their
 * account's events; operators every account's). `unread` goes to account users (messages are
 * theirs only); dashboard, resync and ready to everyone on the stream.
 */
export const LIVE_PERMISSIONS: Partial<Record<LiveEventType, string>> = {
  presence: 'herald.device.physical.list.query',
  deviceState: 'herald.device.physical.list.query',
  ota: 'herald.ota.task.query',
  pushTask: 'herald.push.task.query',
};
/** A job event's permission is its records page's. */
export const LIVE_JOB_PERMISSIONS: Record<(typeof JOB_KINDS)[number], string> = {
  print: 'herald.stat.print.rec.query',
  speak: 'herald.stat.broadcast.rec.query',
  trade: 'herald.stat.speak.rec.query',
};
