import { and, asc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { DeviceStatus, type Position } from '@herald/contract';
import type { Db } from '../../db/client';
import { inText, named } from '../../db/named';
import { lockedInIdOrder } from '../../db/lock-order';
import { createDefaultGroup } from '../groups/repo';
import {
  accounts,
  applications,
  certificates,
  deviceCommands,
  deviceConnections,
  deviceGroups,
  deviceLogs,
  devices,
  licences,
  models,
} from '../../db/schema';

/** What authentication needs to know about a device (deleted devices are not found). */
export type DeviceAuthRow = {
  id: number;
  sn: string;
  accountId: number;
  secret: string | null;
  status: number;
  activated: boolean;
  manufacturerId: number | null;
  accountStatus: number;
};

/*
 * The statements of a device's connect and its reports run as named statements (db/named.ts),
 * planned once: 5,000 devices reconnecting after a restart run each of them 5,000 times or more.
 */

/**
 * What authentication needs to know about several devices, in one statement and in the order asked (undefined where a
 * device is unknown or deleted): a fleet reconnecting at once asks for thousands within seconds.
 */
export async function findDevicesForAuth(db: Db, sns: string[]): Promise<(DeviceAuthRow | undefined)[]> {
  const rows = await named(
    db,
    'link.devices-auth',
    sql`select d.id, d.sn, d.account_id, d.secret, d.status, d.activated, d.manufacturer_id, a.status as account_status
          from ${devices} d join ${accounts} a on a.id = d.account_id
         where d.sn = any(${sql.param(sns)}::text[]) and d.status <> ${inText(DeviceStatus.DELETED)}`,
  );
  const bySn = new Map<string, DeviceAuthRow>();
  for (const r of rows)
    bySn.set(String(r.sn), {
      id: Number(r.id),
      sn: String(r.sn),
      accountId: Number(r.account_id),
      secret: r.secret === null ? null : String(r.secret),
      status: Number(r.status),
      activated: r.activated === true,
      manufacturerId: r.manufacturer_id === null ? null : Number(r.manufacturer_id),
      accountStatus: Number(r.account_status),
    });
  return sns.map((sn) => bySn.get(sn));
}

export async function findDeviceRef(
  db: Db,
  sn: string,
): Promise<{ id: number; sn: string; accountId: number } | undefined> {
  const [row] = await db
    .select({ id: devices.id, sn: devices.sn, accountId: devices.accountId })
    .from(devices)
    .where(and(eq(devices.sn, sn), ne(devices.status, DeviceStatus.DELETED)));
  return row;
}

/**
 * Is `fingerprint` (SHA-256, hex, any case, colons optional) an imported certificate of this
 * manufacturer that is neither revoked nor outside its validity?
 */
export async function certificateAcceptable(
  db: Db,
  manufacturerId: number,
  fingerprint: string,
  now: Date,
): Promise<boolean> {
  const fp = fingerprint.replaceAll(':', '').toLowerCase();
  const rows = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      and(
        eq(certificates.manufacturerId, manufacturerId),
        sql`lower(replace(${certificates.fingerprint}, ':', '')) = ${fp}`,
        isNull(certificates.revokedAt),
        sql`${certificates.validFrom} <= ${now} and ${certificates.validTo} >= ${now}`,
      ),
    );
  return rows.length > 0;
}

/**
 * Activate a device on its first connection. A device of a manufacturer activates only while
 * the manufacturer's currently valid licences allow more activated devices than it has; the
 * check and the update run under a per-manufacturer lock so two devices cannot take the last slot.
 * Returns false when the licence is exhausted.
 */
export async function activate(db: Db, deviceId: number, manufacturerId: number | null, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (manufacturerId !== null) {
      await tx.execute(sql`select pg_advisory_xact_lock(727275, ${manufacturerId})`);
      if (!(await licenceHasRoom(tx as unknown as Db, manufacturerId, now))) return false;
    }
    await tx
      .update(devices)
      .set({ activated: true, activatedAt: now, updatedAt: now })
      .where(and(eq(devices.id, deviceId), eq(devices.activated, false)));
    return true;
  });
}

/** Do the manufacturer's currently valid licences allow one more activated device? */
export async function licenceHasRoom(db: Db, manufacturerId: number, now: Date): Promise<boolean> {
  const { rows } = await db.execute<{ allowed: number; used: number }>(sql`
    select
      (select coalesce(sum(${licences.maxDevices}), 0)::int from ${licences}
        where ${licences.manufacturerId} = ${manufacturerId}
          and ${licences.validFrom} <= ${now} and ${licences.validTo} >= ${now}) as allowed,
      (select count(*)::int from ${devices}
        where ${devices.manufacturerId} = ${manufacturerId} and ${devices.activated}
          and ${devices.status} <> ${DeviceStatus.DELETED}) as used`);
  const r = rows[0]!;
  return r.allowed > r.used;
}

// ── presence ─────────────────────────────────────────────────────────────

/**
 * The device's presence follows the newest session (by session key, then row id): taking over
 * only when no session holds it or the holder is not newer keeps a late-processed connect of an
 * older session from overriding a newer one. Each part is SQL: a value, or a column of the
 * statement's `from` (openConnections takes many devices' presence in one statement). A
 * device that is not enabled is never online: an "online" message of a session from before its
 * disable may be handled after it (queued for a restarting server, or a late presence answer).
 */
const takePresenceSql = (p: { deviceId: SQL; connection: SQL; session: SQL; now: SQL; from?: SQL }) => sql`
    update ${devices} d set online = true, last_online_at = ${p.now}, connection_id = ${p.connection}, updated_at = ${p.now}
    ${p.from ?? sql``}
     where d.id = ${p.deviceId} and d.status = ${DeviceStatus.ENABLED}
       and (d.connection_id is null
            or not exists (select 1 from ${deviceConnections} c
                            where c.id = d.connection_id
                              and (c.session > ${p.session} or (c.session = ${p.session} and c.id > ${p.connection}))))`;

/** A connection to open (openConnections), each with its own time. */
export type ConnectionOpen = { deviceId: number; session: number; ip: string | null; at: Date };

/**
 * Open connections of several devices (each at most once) in one statement, in the order asked:
 * the history rows, and each device's presence taken on the terms of takePresenceSql, with the
 * device's own session and new row. One statement, so nobody sees a new history row while its
 * device still looks offline; a fleet reconnecting at once (a restart) runs it for thousands of
 * devices within seconds. Returns each new row's id.
 */
export async function openConnections(db: Db, opens: ConnectionOpen[]): Promise<number[]> {
  const list = JSON.stringify(
    opens.map((o, k) => ({ k, d: o.deviceId, s: o.session, ip: o.ip, t: o.at.toISOString() })),
  );
  const rows = await named(
    db,
    'link.open-connections',
    sql`
    with v as (
      select * from jsonb_to_recordset(${list}::jsonb) as v(k int, d int, s bigint, ip text, t timestamptz)
    ), l as materialized (${lockedInIdOrder(devices, sql`select v.d from v`)}
    ), n as (
      insert into ${deviceConnections} (device_id, session, ip, connected_at)
      select v.d, v.s, v.ip, v.t from v order by v.k returning id, device_id
    ), p as (${takePresenceSql({
      deviceId: sql`n.device_id`,
      connection: sql`n.id`,
      session: sql`v.s`,
      now: sql`v.t`,
      from: sql`from n join v on v.d = n.device_id join l on l.id = n.device_id`,
    })})
    select id, device_id from n`,
  );
  const ids = new Map(rows.map((r) => [Number(r.device_id), Number(r.id)]));
  return opens.map((o) => ids.get(o.deviceId)!);
}

/**
 * Close one connection; the device goes offline only if this connection held its presence. One
 * statement. Returns whether the device went offline.
 */
export async function closeConnection(
  db: Db,
  deviceId: number,
  connectionId: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    with c as (
      update ${deviceConnections} set disconnected_at = ${now}, reason = ${reason}
       where id = ${connectionId} and disconnected_at is null
    )
    update ${devices} set online = false, last_offline_at = ${now}, connection_id = null, updated_at = ${now}
     where id = ${deviceId} and connection_id = ${connectionId} returning id`);
  return rows.length > 0;
}

/** The device's open connection, if any, ends now: offline. One statement. Returns the device if it went offline. */
export async function closeDeviceConnections(
  db: Db,
  sns: readonly string[],
  reason: string,
  now: Date,
): Promise<{ id: number; sn: string; accountId: number }[]> {
  if (!sns.length) return [];
  // rows locked in id order, as every statement that locks several devices does
  const { rows } = await db.execute<{ id: number; sn: string; account_id: number }>(sql`
    with o as (select id, connection_id from ${devices}
                where sn = any(${sql.param(sns)}::text[]) and online order by id for update),
    c as (update ${deviceConnections} set disconnected_at = ${now}, reason = ${reason}
            from o where ${deviceConnections.id} = o.connection_id and ${deviceConnections.disconnectedAt} is null)
    update ${devices} set online = false, last_offline_at = ${now}, connection_id = null, updated_at = ${now}
      from o where ${devices.id} = o.id
      returning ${devices.id} as id, ${devices.sn} as sn, ${devices.accountId} as account_id`);
  return rows.map((r) => ({ id: Number(r.id), sn: String(r.sn), accountId: Number(r.account_id) }));
}

export async function findSession(db: Db, deviceId: number, session: number) {
  const [row] = await db
    .select({
      id: deviceConnections.id,
      disconnectedAt: deviceConnections.disconnectedAt,
      reason: deviceConnections.reason,
    })
    .from(deviceConnections)
    .where(and(eq(deviceConnections.deviceId, deviceId), eq(deviceConnections.session, session)))
    .orderBy(sql`${deviceConnections.id} desc`)
    .limit(1);
  return row;
}

/** Re-assert presence for an already open session (a duplicate online message). */
export async function reassertPresence(db: Db, deviceId: number, connectionId: number, session: number, now: Date) {
  await db.execute(
    takePresenceSql({
      deviceId: sql`${deviceId}`,
      connection: sql`${connectionId}`,
      session: sql`${session}`,
      now: sql`${now}`,
    }),
  );
}

/** A session whose end arrived before its start: record it closed, so its start is ignored. */
export async function recordEndedSession(db: Db, deviceId: number, session: number, reason: string, now: Date) {
  await db.insert(deviceConnections).values({ deviceId, session, connectedAt: now, disconnectedAt: now, reason });
}

/**
 * Every open connection and online flag, for a broker that starts empty (the embedded one):
 * whatever was connected before this process started is gone.
 */
export async function resetAllPresence(db: Db, reason: string, now: Date): Promise<void> {
  await db
    .update(deviceConnections)
    .set({ disconnectedAt: now, reason })
    .where(isNull(deviceConnections.disconnectedAt));
  await db
    .update(devices)
    .set({ online: false, lastOfflineAt: now, connectionId: null, updatedAt: now })
    .where(eq(devices.online, true));
}

// ── uplink state ─────────────────────────────────────────────────────────

/** Reported state to merge into a device's row (mergeTelemetries), with its own time. */
export type TelemetryMerge = {
  deviceId: number;
  patch: Record<string, unknown>;
  extra: { firmwareVersion?: string; position?: Omit<Position, 'locatedAt'>; printerState?: string };
  at: Date;
};

/**
 * Merge reported state into devices' latest telemetry (top-level keys replace); a printer state
 * replaces only the state inside the stored printer object; firmware and position columns are set
 * where a report gives them. Several devices (each at most once) in one statement, in the order
 * asked: every device of a reconnecting fleet reports as it comes back. Returns for each whether
 * its device is marked online (undefined: no such device).
 */
export async function mergeTelemetries(db: Db, merges: TelemetryMerge[]): Promise<(boolean | undefined)[]> {
  const list = JSON.stringify(
    merges.map(({ deviceId, patch, extra, at }) => ({
      d: deviceId,
      patch,
      ps: extra.printerState ?? null,
      hf: extra.firmwareVersion !== undefined,
      fw: extra.firmwareVersion ?? null,
      hg: extra.position !== undefined,
      lat: extra.position?.lat ?? null,
      lng: extra.position?.lng ?? null,
      acc: extra.position?.accuracy ?? null,
      src: extra.position?.source ?? null,
      t: at.toISOString(),
    })),
  );
  // written out, not built with drizzle's update builder: every device runs it on each connect and report
  const rows = await named(
    db,
    'link.telemetries',
    sql`with v as (
          select * from jsonb_to_recordset(${list}::jsonb)
               as v(d int, patch jsonb, ps text, hf boolean, fw text, hg boolean,
                    lat float8, lng float8, acc float8, src text, t timestamptz)
        ), l as materialized (${lockedInIdOrder(devices, sql`select v.d from v`)})
        update ${devices} d
           set telemetry = case when v.ps is null then coalesce(d.telemetry, '{}'::jsonb) || v.patch
                           else coalesce(d.telemetry, '{}'::jsonb) || v.patch || jsonb_build_object('printer',
                                  coalesce(d.telemetry -> 'printer', '{}'::jsonb) || jsonb_build_object('state', v.ps))
                           end,
               telemetry_at = v.t,
               firmware_version = case when v.hf then v.fw else d.firmware_version end,
               lat = case when v.hg then v.lat else d.lat end,
               lng = case when v.hg then v.lng else d.lng end,
               location_accuracy = case when v.hg then v.acc else d.location_accuracy end,
               location_source = case when v.hg then v.src else d.location_source end,
               located_at = case when v.hg then v.t else d.located_at end,
               updated_at = v.t
          from v join l on l.id = v.d
         where d.id = v.d
         returning d.id, d.online`,
  );
  const online = new Map(rows.map((r) => [Number(r.id), r.online === true]));
  return merges.map((m) => online.get(m.deviceId));
}

/**
 * The firmware versions devices report on each connect, written only where they changed: a fleet
 * reconnecting at once (a broker restart) would otherwise rewrite every device's row for nothing.
 * Many devices in one statement (Deps.deviceLink.firmwareWrites), each device at most once. OTA
 * completion reads the version from the message itself (ota-tasks/device.ts), not from this column.
 */
export async function setFirmwares(db: Db, items: { deviceId: number; firmware: string }[]): Promise<void> {
  const list = JSON.stringify(items.map((i) => ({ d: i.deviceId, f: i.firmware })));
  await named(
    db,
    'link.set-firmwares',
    sql`with v as (select * from jsonb_to_recordset(${list}::jsonb) as v(d int, f text)),
          l as materialized (${lockedInIdOrder(devices, sql`select v.d from v`)})
        update ${devices} d set firmware_version = v.f, updated_at = ${new Date()}
          from v join l on l.id = v.d
         where d.id = v.d and d.firmware_version is distinct from v.f`,
  );
}

/** Record a device's answer to a command still waiting for one; false when there was none. */
export async function ackCommand(
  db: Db,
  deviceId: number,
  id: string,
  ack: { status: string; code: string; message: string | null; latencyMs: number },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(deviceCommands)
    .set({ status: ack.status, ackCode: ack.code, ackMessage: ack.message, latencyMs: ack.latencyMs, ackedAt: now })
    .where(and(eq(deviceCommands.id, id), eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.status, 'sent')))
    .returning({ id: deviceCommands.id });
  return rows.length > 0;
}

// ── registration ─────────────────────────────────────────────────────────

export async function findApplicationByKey(db: Db, appKey: string) {
  const [row] = await db
    .select({ app: applications, accountStatus: accounts.status })
    .from(applications)
    .innerJoin(accounts, eq(accounts.id, applications.accountId))
    .where(eq(applications.appKey, appKey));
  return row;
}

export async function findModelByCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: models.id, status: models.status })
    .from(models)
    .where(sql`lower(${models.code}) = lower(${code})`);
  return row;
}

export async function findDeviceBySn(db: Db, sn: string) {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.sn, sn), ne(devices.status, DeviceStatus.DELETED)));
  return row;
}

export async function setDeviceSecret(db: Db, deviceId: number, secret: string): Promise<void> {
  await db
    .update(devices)
    .set({ secret, updatedAt: new Date() })
    .where(and(eq(devices.id, deviceId), isNull(devices.secret)));
}

/** The account's default group, created when the account has none yet. */
export async function defaultGroupId(db: Db, accountId: number): Promise<number> {
  const find = async () => {
    const [g] = await db
      .select({ id: deviceGroups.id })
      .from(deviceGroups)
      .where(and(eq(deviceGroups.accountId, accountId), eq(deviceGroups.isDefault, true)));
    return g?.id;
  };
  const existing = await find();
  if (existing !== undefined) return existing;
  await createDefaultGroup(db, accountId);
  const created = await find();
  if (created === undefined) throw new Error(`could not create the default group of account ${accountId}`);
  return created;
}

export async function insertDevice(db: Db, values: typeof devices.$inferInsert) {
  const [row] = await db.insert(devices).values(values).returning();
  return row!;
}

// ── log upload ───────────────────────────────────────────────────────────

/** Fill a still-empty, unexpired upload slot; false when the token is unknown, used or expired. */
export async function fillLogSlot(
  db: Db,
  tokenHash: string,
  file: { fileName: string; content: Buffer },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(deviceLogs)
    .set({ fileName: file.fileName, content: file.content, size: file.content.length, uploadedAt: now })
    .where(and(eq(deviceLogs.uploadTokenHash, tokenHash), isNull(deviceLogs.uploadedAt), gt(deviceLogs.expiresAt, now)))
    .returning({ id: deviceLogs.id });
  return rows.length > 0;
}

/** Devices as a broker with its own credential store must know them (see service.provisioningState). */
export async function listProvisionable(db: Db, sns?: string[]) {
  const live = ne(devices.status, DeviceStatus.DELETED);
  return db
    .select({
      id: devices.id,
      sn: devices.sn,
      secret: devices.secret,
      status: devices.status,
      activated: devices.activated,
      manufacturerId: devices.manufacturerId,
      accountStatus: accounts.status,
    })
    .from(devices)
    .innerJoin(accounts, eq(accounts.id, devices.accountId))
    .where(sns ? and(inArray(devices.sn, sns), live) : live);
}

/** One page of every S/N the devices table names, deleted ones too, by row id (a broker's reconcile). */
export async function snPage(db: Db, afterId: number, limit: number) {
  return db
    .select({ id: devices.id, sn: devices.sn })
    .from(devices)
    .where(gt(devices.id, afterId))
    .orderBy(asc(devices.id))
    .limit(limit);
}
