import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  ALARM_RETENTION_DAYS,
  DeviceStatus,
  FENCE_EVENT_RETENTION_DAYS,
  RETENTION_DAYS,
  TRACK_RETENTION_DAYS,
} from '@herald/contract';
import type { Db } from '../db/client';
import {
  apiRequests,
  authCodes,
  deviceCommands,
  deviceJobStats,
  deviceConnections,
  deviceImports,
  alarmMutes,
  deviceAlerts,
  deviceAlertStates,
  deviceLogs,
  deviceTrack,
  fenceEvents,
  jobs,
  jobStats,
  messages,
  operLogs,
  pendingCancels,
  publishRecords,
  pushAlarms,
  pushStreaks,
  sessions,
  sharedLimits,
  userTokens,
  webhookDeliveries,
} from '../db/schema';

/**
 * Rows deleted by one statement. At 1,000 jobs/s a 6-hour round has ~20 million jobs to remove:
 * in one statement that would hold the embedded database (one thread) for minutes and its list
 * of ids in memory; in batches every other statement gets its turn between them, and a server
 * that is stopping stops between two batches.
 */
const BATCH = 5_000;

/** Delete the rows of `table` that `where` selects, BATCH at a time, until none are left or `signal` aborts. */
async function deleteInBatches(db: Db, table: PgTable, where: SQL, signal?: AbortSignal): Promise<number> {
  const name = sql.identifier(getTableName(table));
  let total = 0;
  while (!signal?.aborted) {
    const { rows } = await db.execute(
      sql`delete from ${name} where ctid in (select ctid from ${name} where ${where} limit ${BATCH}) returning 1`,
    );
    total += rows.length;
    if (rows.length < BATCH) break;
  }
  return total;
}

/**
 * Delete what the spec keeps for 90 days, and expired sign-in artefacts. Returns rows removed.
 * A device's history (online sessions, commands, uploaded logs, whose bytes are in the row) and
 * finished imports are kept as long as the records: each reconnect adds a session row, so a
 * fleet's history would otherwise grow for ever. The session that holds a device's presence stays,
 * however old. The dashboard's job counts go after the same 90 days.
 */
export async function purgeExpiredRecords(db: Db, now = new Date(), signal?: AbortSignal): Promise<number> {
  const cutoff = sql`${new Date(now.getTime() - RETENTION_DAYS * 24 * 3600 * 1000).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const steps: [PgTable, SQL][] = [
    // pipeline records (webhook attempts cascade with their deliveries), then the jobs they name
    [webhookDeliveries, sql`created_at < ${cutoff}`],
    [publishRecords, sql`published_at < ${cutoff}`],
    [apiRequests, sql`created_at < ${cutoff}`],
    [jobs, sql`requested_at < ${cutoff}`],
    [
      deviceConnections,
      // connected before it disconnected: the connect time lets its index find them
      sql`connected_at < ${cutoff} and disconnected_at < ${cutoff}
          and not exists (select 1 from devices d where d.connection_id = device_connections.id)`,
    ],
    [deviceCommands, sql`sent_at < ${cutoff}`],
    [deviceLogs, sql`created_at < ${cutoff} and expires_at < ${at}`],
    [deviceImports, sql`finished_at < ${cutoff}`],
    // the dashboard's counts (it shows a week)
    [jobStats, sql`bucket < ${cutoff}`],
    [deviceJobStats, sql`day < ${cutoff}`],
    // in-app messages like the records; when a device last raised an alert matters for an hour
    [messages, sql`created_at < ${cutoff}`],
    [deviceAlerts, sql`raised_at < ${at} - interval '1 day'`],
    // a device's last states: those of deleted devices, and states all recovered that are as old
    // as the records (a row with nothing active means what no row means)
    [
      deviceAlertStates,
      sql`(active = '{}' and reported_at < ${cutoff})
          or not exists (select 1 from devices d where d.id = device_alert_states.device_id
                                                  and d.status <> ${DeviceStatus.DELETED})`,
    ],
    // the spec keeps alarm lists 7 days; a mute lifts itself within a day
    [pushAlarms, sql`last_alarm_at < ${at} - interval '${sql.raw(String(ALARM_RETENTION_DAYS))} days'`],
    [alarmMutes, sql`muted_until < ${at} - interval '1 day'`],
    // the spec keeps a device's track 7 days; a fence's entries and exits are an alarm list
    [deviceTrack, sql`last_at < ${at} - interval '${sql.raw(String(TRACK_RETENTION_DAYS))} days'`],
    [fenceEvents, sql`at < ${at} - interval '${sql.raw(String(FENCE_EVENT_RETENTION_DAYS))} days'`],
    [authCodes, sql`expires_at < ${at}`],
    // a cancel for a job past its expiry: the device drops the job by itself
    [pendingCancels, sql`expire_at < ${at}`],
    // attempt and rate-limit windows that ended; slow-push streaks older than any monitoring window
    [sharedLimits, sql`ends_at < ${at}`],
    [pushStreaks, sql`last_at < ${at} - interval '2 hours'`],
    [userTokens, sql`expires_at < ${cutoff}`],
    // sessions cascade to their refresh tokens
    [sessions, sql`expires_at < ${at} - interval '1 day'`],
    // the operation log last: when an old entry is gone, the round is over (its test relies on it)
    [operLogs, sql`created_at < ${cutoff}`],
  ];
  let total = 0;
  for (const [table, where] of steps) total += await deleteInBatches(db, table, where, signal);
  return total;
}
