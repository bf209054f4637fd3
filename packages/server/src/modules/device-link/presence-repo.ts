import { sql } from 'drizzle-orm';
import { AccountStatus, DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { named } from '../../db/named';
import { tsParam } from '../print-pipeline/repo';

/** A node's subscription holds (since `subscribedSince`), or it has none (null), as of `now`. */
export async function heartbeat(db: Db, nodeId: string, subscribedSince: Date | null, now: Date): Promise<void> {
  await named(
    db,
    'presence.heartbeat',
    sql`insert into gateway_nodes (id, subscribed_since, seen_at)
        values (${nodeId}, ${subscribedSince ? tsParam(subscribedSince) : null}::timestamptz, ${tsParam(now)}::timestamptz)
        on conflict (id) do update set subscribed_since = excluded.subscribed_since, seen_at = excluded.seen_at`,
  );
}

/**
 * Whether another node's subscription held from `from` (it was subscribed then, and has not
 * subscribed anew since: an MQTT clean session loses its subscription with its connection)
 * until `until` (it said so after that time).
 */
export async function heldByAnother(db: Db, nodeId: string, from: Date, until: Date): Promise<boolean> {
  const rows = await named(
    db,
    'presence.held-by-another',
    sql`select 1 from gateway_nodes
         where id <> ${nodeId} and subscribed_since <= ${tsParam(from)}::timestamptz
           and seen_at >= ${tsParam(until)}::timestamptz
         limit 1`,
  );
  return rows.length > 0;
}

/** Nodes not heard from in a day are forgotten. */
export async function forgetOldNodes(db: Db, now: Date): Promise<void> {
  await db.execute(sql`delete from gateway_nodes where seen_at < ${tsParam(now.getTime() - 86_400_000)}::timestamptz`);
}

/** Devices that may be connected (enabled or not yet enabled, with a secret, of an enabled account), a page by id. */
export async function connectableDevices(
  db: Db,
  afterId: number,
  limit: number,
): Promise<{ id: number; sn: string }[]> {
  const rows = await named(
    db,
    'presence.connectable',
    sql`select d.id, d.sn from devices d join accounts a on a.id = d.account_id
         where d.id > ${afterId} and d.status in (${DeviceStatus.ENABLED}, ${DeviceStatus.NOT_ENABLED})
           and d.secret is not null and a.status = ${AccountStatus.ENABLED}
         order by d.id limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), sn: String(r.sn) }));
}

/**
 * Devices still online that have not announced themselves since `askedAt` go offline: their
 * connection ended while nobody heard its last will (the broker restarted). Returns them.
 */
export async function closeUnanswered(
  db: Db,
  askedAt: Date,
  reason: string,
  now: Date,
): Promise<{ id: number; sn: string; accountId: number }[]> {
  const at = tsParam(now);
  const rows = await db.execute(sql`
    with o as (
      select id, connection_id from devices
       where online and (last_online_at is null or last_online_at < ${tsParam(askedAt)}::timestamptz)
       -- in id order, as every batched update of devices takes them (db/lock-order.ts)
       order by id for no key update
    ), d as (
      update devices set online = false, last_offline_at = ${at}::timestamptz, connection_id = null,
                         updated_at = ${at}::timestamptz
        from o where devices.id = o.id returning devices.id, devices.sn, devices.account_id
    ), c as (
      update device_connections set disconnected_at = ${at}::timestamptz, reason = ${reason}
        from o where device_connections.id = o.connection_id and device_connections.disconnected_at is null
    )
    select id, sn, account_id from d`);
  return (rows.rows as { id: number; sn: string; account_id: number }[]).map((r) => ({
    id: Number(r.id),
    sn: String(r.sn),
    accountId: Number(r.account_id),
  }));
}
