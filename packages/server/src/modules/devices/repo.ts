import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type PgInsertValue } from 'drizzle-orm/pg-core';
import { DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { lockedInIdOrder } from '../../db/lock-order';
import {
  accounts,
  applications,
  deviceConnections,
  deviceGroups,
  deviceImports,
  deviceLogs,
  devices,
  manufacturers,
  models,
  qrBrands,
  users,
  type GeneratedSecret,
  type ImportActor,
  type ImportFileRow,
} from '../../db/schema';
import { ownedBy } from '../../lib/data-scope';
import { containsPattern } from '../../lib/filters';

export type DeviceRow = typeof devices.$inferSelect;

/** The user a device is assigned to (its owner), apart from the users the audit names. */
const owners = alias(users, 'owner');

const deviceView = {
  device: devices,
  accountName: accounts.name,
  accountStatus: accounts.status,
  modelName: models.name,
  modelCode: models.code,
  modelType: models.type,
  groupName: deviceGroups.name,
  groupIsDefault: deviceGroups.isDefault,
  appName: applications.name,
  manufacturerName: manufacturers.name,
  brandEnabled: qrBrands.enabled,
  brandName: qrBrands.productName,
  brandLogoKey: qrBrands.logoKey,
  ownerName: owners.username,
};
export type DeviceView = {
  device: DeviceRow;
  accountName: string | null;
  accountStatus: number | null;
  modelName: string | null;
  modelCode: string | null;
  modelType: string | null;
  groupName: string | null;
  groupIsDefault: boolean | null;
  appName: string | null;
  manufacturerName: string | null;
  /** the account's custom QR code (null: it has never had the service) */
  brandEnabled: boolean | null;
  brandName: string | null;
  brandLogoKey: string | null;
  ownerName: string | null;
};

const joined = (db: Db) =>
  db
    .select(deviceView)
    .from(devices)
    .leftJoin(accounts, eq(accounts.id, devices.accountId))
    .leftJoin(models, eq(models.id, devices.modelId))
    .leftJoin(deviceGroups, eq(deviceGroups.id, devices.groupId))
    .leftJoin(applications, eq(applications.id, devices.appId))
    .leftJoin(manufacturers, eq(manufacturers.id, devices.manufacturerId))
    .leftJoin(qrBrands, eq(qrBrands.accountId, devices.accountId))
    .leftJoin(owners, eq(owners.id, devices.ownerUserId));

export type DeviceFilters = {
  accountId?: number;
  /** "own data only": the devices assigned to this user (lib/data-scope.ts) */
  ownerUserId?: number;
  /** the list's owner filter: one user's devices, or (null) those assigned to nobody */
  owner?: number | null;
  /** the deleted list, or everything else */
  deleted: boolean;
  sn?: string;
  name?: string;
  modelId?: number;
  groupId?: number;
  appId?: number;
  manufacturerId?: number;
  online?: boolean;
  activated?: boolean;
  status?: number;
  paused?: boolean;
  muted?: boolean;
  sortField?: 'id' | 'sn' | 'name' | 'createdAt' | 'lastOnlineAt' | 'activatedAt' | 'deletedAt' | 'mutedUntil';
  sortOrder?: 'ascend' | 'descend';
  limit: number;
  offset: number;
};

export async function listDevices(db: Db, f: DeviceFilters, now = new Date()) {
  const where = and(
    ...([
      f.deleted ? eq(devices.status, DeviceStatus.DELETED) : ne(devices.status, DeviceStatus.DELETED),
      f.accountId !== undefined ? eq(devices.accountId, f.accountId) : undefined,
      ownedBy(devices.ownerUserId, f.ownerUserId),
      f.owner === null
        ? isNull(devices.ownerUserId)
        : f.owner !== undefined
          ? eq(devices.ownerUserId, f.owner)
          : undefined,
      f.sn ? ilike(devices.sn, containsPattern(f.sn)) : undefined,
      f.name ? ilike(devices.name, containsPattern(f.name)) : undefined,
      f.modelId !== undefined ? eq(devices.modelId, f.modelId) : undefined,
      f.groupId !== undefined ? eq(devices.groupId, f.groupId) : undefined,
      f.appId !== undefined ? eq(devices.appId, f.appId) : undefined,
      f.manufacturerId !== undefined ? eq(devices.manufacturerId, f.manufacturerId) : undefined,
      f.online !== undefined ? eq(devices.online, f.online) : undefined,
      f.activated !== undefined ? eq(devices.activated, f.activated) : undefined,
      f.status !== undefined ? eq(devices.status, f.status) : undefined,
      f.paused !== undefined ? eq(devices.paused, f.paused) : undefined,
      f.muted === true ? gt(devices.mutedUntil, now) : undefined,
      f.muted === false ? or(isNull(devices.mutedUntil), lte(devices.mutedUntil, now)) : undefined,
    ] as (SQL | undefined)[]),
  );
  const column = {
    id: devices.id,
    sn: devices.sn,
    name: devices.name,
    createdAt: devices.createdAt,
    lastOnlineAt: devices.lastOnlineAt,
    activatedAt: devices.activatedAt,
    deletedAt: devices.deletedAt,
    mutedUntil: devices.mutedUntil,
  }[f.sortField ?? 'id'];
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(sql`${dir(column)} nulls last`, dir(devices.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(devices).where(where),
  ]);
  return { rows: rows as DeviceView[], total: total?.n ?? 0 };
}

export const findDeviceView = async (db: Db, id: number): Promise<DeviceView | undefined> =>
  (await joined(db).where(eq(devices.id, id)).limit(1))[0];

export const findDevice = async (db: Db, id: number) =>
  (await db.select().from(devices).where(eq(devices.id, id)).limit(1))[0];

export const findDevicesByIds = (db: Db, ids: number[]) => db.select().from(devices).where(inArray(devices.id, ids));

/** The live (not deleted) device holding an S/N. */
export const findLiveDeviceBySn = async (db: Db, sn: string) =>
  (
    await db
      .select()
      .from(devices)
      .where(and(eq(devices.sn, sn), ne(devices.status, DeviceStatus.DELETED)))
      .limit(1)
  )[0];

/** Which of `sns` live devices already hold. */
export async function liveSns(db: Db, sns: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < sns.length; i += 1000) {
    const rows = await db
      .select({ sn: devices.sn })
      .from(devices)
      .where(and(inArray(devices.sn, sns.slice(i, i + 1000)), ne(devices.status, DeviceStatus.DELETED)));
    for (const r of rows) out.add(r.sn);
  }
  return out;
}

export const insertDevices = (tx: Db, values: (typeof devices.$inferInsert)[]) =>
  tx.insert(devices).values(values).returning({ id: devices.id, sn: devices.sn });

/** Insert; a row whose S/N a live device holds (added meanwhile) is skipped, not an error. */
export const insertDevicesSkippingTaken = (tx: Db, values: (typeof devices.$inferInsert)[]) =>
  tx.insert(devices).values(values).onConflictDoNothing().returning({ id: devices.id, sn: devices.sn });

/**
 * Update devices (a batch action: enable, move, delete…). Several rows are locked in id order
 * first, as every batched update of devices takes them (db/lock-order.ts): the update alone takes
 * them in its plan's order, and a batch action beside a fleet's reconnect could deadlock with it.
 */
export async function updateDevices(tx: Db, ids: number[], values: Partial<typeof devices.$inferInsert>) {
  if (ids.length > 1)
    await tx.execute(
      lockedInIdOrder(
        devices,
        sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        ),
      ),
    );
  return tx
    .update(devices)
    .set({ ...values, updatedAt: new Date() })
    .where(inArray(devices.id, ids));
}

export const recentConnections = (db: Db, deviceId: number, limit = 20) =>
  db
    .select()
    .from(deviceConnections)
    .where(eq(deviceConnections.deviceId, deviceId))
    .orderBy(desc(deviceConnections.connectedAt), desc(deviceConnections.id))
    .limit(limit);

const logColumns = {
  id: deviceLogs.id,
  fileName: deviceLogs.fileName,
  size: deviceLogs.size,
  uploadedAt: deviceLogs.uploadedAt,
  expiresAt: deviceLogs.expiresAt,
  createdAt: deviceLogs.createdAt,
};
export const listLogs = (db: Db, deviceId: number, limit = 50) =>
  db
    .select(logColumns)
    .from(deviceLogs)
    .where(eq(deviceLogs.deviceId, deviceId))
    .orderBy(desc(deviceLogs.createdAt), desc(deviceLogs.id))
    .limit(limit);

export const findLogFile = async (db: Db, deviceId: number, logId: number) =>
  (
    await db
      .select({ fileName: deviceLogs.fileName, content: deviceLogs.content, uploadedAt: deviceLogs.uploadedAt })
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, deviceId), eq(deviceLogs.id, logId)))
      .limit(1)
  )[0];

// ── imports ──────────────────────────────────────────────────────────────

/** An import as the console sees it: without the file's rows (secrets) and the importer's details. */
const { rows: _rows, actor: _actor, generatedSecrets: _secrets, ...importColumns } = getTableColumns(deviceImports);
const importView = {
  ...importColumns,
  /** how many generated secrets wait to be taken (the secrets themselves only by takeGeneratedSecrets) */
  generatedSecrets: sql<number>`coalesce(jsonb_array_length(${deviceImports.generatedSecrets}), 0)::int`,
};
export type ImportRow = Omit<typeof deviceImports.$inferSelect, 'rows' | 'actor' | 'generatedSecrets'> & {
  generatedSecrets: number;
};

export const insertImport = (db: Db, values: PgInsertValue<typeof deviceImports>) =>
  db.insert(deviceImports).values(values);

export const updateImport = (db: Db, id: string, values: Partial<typeof deviceImports.$inferInsert>) =>
  db.update(deviceImports).set(values).where(eq(deviceImports.id, id));

/** Add a chunk's generated secrets to those waiting (inside the chunk's transaction). */
export const addGeneratedSecrets = (tx: Db, id: string, list: GeneratedSecret[]) =>
  tx
    .update(deviceImports)
    .set({
      generatedSecrets: sql`coalesce(${deviceImports.generatedSecrets}, '[]'::jsonb) || ${JSON.stringify(list)}::jsonb`,
    })
    .where(eq(deviceImports.id, id));

/** The waiting generated secrets, dropped in the same statement: a second call gets nothing. */
export async function takeGeneratedSecrets(db: Db, id: string): Promise<GeneratedSecret[] | undefined> {
  const { rows } = await db.execute(sql`
    update ${deviceImports} d set generated_secrets = null
    from (select id, generated_secrets from ${deviceImports} where id = ${id} for update) old
    where d.id = old.id and old.generated_secrets is not null
    returning old.generated_secrets as list`);
  return (rows[0] as { list: GeneratedSecret[] } | undefined)?.list;
}

export const findImport = async (db: Db, id: string): Promise<ImportRow | undefined> =>
  (await db.select(importView).from(deviceImports).where(eq(deviceImports.id, id)).limit(1))[0];

/** What a server needs to carry on an import it claimed. */
export type ImportClaim = {
  id: string;
  accountId: number;
  processed: number;
  created: number;
  failed: unknown;
  rows: ImportFileRow[];
  actor: ImportActor;
};

const claimView = {
  id: deviceImports.id,
  accountId: deviceImports.accountId,
  processed: deviceImports.processed,
  created: deviceImports.created,
  failed: deviceImports.failed,
  rows: deviceImports.rows,
  actor: deviceImports.actor,
};

/**
 * Claim for `node` the oldest running import nobody holds: its claim released, or not renewed for
 * `leaseMs` (its server died or hangs). Rows another server is claiming now are skipped, not waited
 * for. Times are the database's, so servers whose clocks differ agree on a lease.
 */
export async function claimImport(db: Db, node: string, leaseMs: number): Promise<ImportClaim | undefined> {
  const free = db
    .select({ id: deviceImports.id })
    .from(deviceImports)
    .where(
      and(
        eq(deviceImports.status, 'running'),
        isNotNull(deviceImports.rows),
        isNotNull(deviceImports.actor),
        or(
          isNull(deviceImports.claimedAt),
          lt(deviceImports.claimedAt, sql`now() - ${leaseMs}::double precision * interval '1 millisecond'`),
        ),
      ),
    )
    .orderBy(asc(deviceImports.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claim] = await db
    .update(deviceImports)
    .set({ claimedAt: sql`now()`, claimedBy: node })
    .where(inArray(deviceImports.id, free))
    .returning(claimView);
  return claim as ImportClaim | undefined;
}

/**
 * Inside a chunk's transaction, first: renew `node`'s claim, if it still holds the import at
 * `processed` rows. False when another server took it over (the chunk must not be written); the
 * row stays locked until the transaction ends, so two servers never write one chunk.
 */
export async function holdImport(tx: Db, id: string, node: string, processed: number): Promise<boolean> {
  const held = await tx
    .update(deviceImports)
    .set({ claimedAt: sql`now()` })
    .where(
      and(
        eq(deviceImports.id, id),
        eq(deviceImports.status, 'running'),
        eq(deviceImports.claimedBy, node),
        eq(deviceImports.processed, processed),
      ),
    )
    .returning({ id: deviceImports.id });
  return held.length > 0;
}

const ended = { rows: null, actor: null, claimedAt: null, claimedBy: null };

/**
 * End an import `node` holds ('done' or 'failed'), dropping what only a running import needs (the
 * rows hold secrets). False when another server holds it now.
 */
export async function endImport(
  db: Db,
  id: string,
  node: string,
  values: { status: 'done' | 'failed'; message?: string },
): Promise<boolean> {
  const done = await db
    .update(deviceImports)
    .set({ ...values, ...ended, finishedAt: new Date() })
    .where(and(eq(deviceImports.id, id), eq(deviceImports.status, 'running'), eq(deviceImports.claimedBy, node)))
    .returning({ id: deviceImports.id });
  return done.length > 0;
}

/** Give up `node`'s claim (the server is closing): any server may take the import at once. */
export const releaseImport = (db: Db, id: string, node: string) =>
  db
    .update(deviceImports)
    .set({ claimedAt: null, claimedBy: null })
    .where(and(eq(deviceImports.id, id), eq(deviceImports.status, 'running'), eq(deviceImports.claimedBy, node)));

// ── lookups used by other modules ─────────────────────────────────────────

export const findLiveDeviceBySnInAccount = async (
  db: Db,
  sn: string,
  accountId: number | undefined,
  ownerUserId?: number,
) =>
  (
    await db
      .select({ sn: devices.sn, qrEnabled: devices.qrEnabled, qrPassword: devices.qrPassword })
      .from(devices)
      .where(
        and(
          eq(devices.sn, sn),
          ne(devices.status, DeviceStatus.DELETED),
          accountId !== undefined ? eq(devices.accountId, accountId) : undefined,
          ownedBy(devices.ownerUserId, ownerUserId),
        ),
      )
      .limit(1)
  )[0];

/** A live (not deleted) account user: whom devices may be assigned to. */
export const findAccountUser = async (db: Db, id: number) =>
  (
    await db
      .select({ id: users.id, accountId: users.accountId, username: users.username })
      .from(users)
      .where(and(eq(users.id, id), eq(users.side, 'ac'), ne(users.status, -1)))
      .limit(1)
  )[0];

export const findAppOwner = async (db: Db, appId: number) =>
  (
    await db.select({ accountId: applications.accountId }).from(applications).where(eq(applications.id, appId)).limit(1)
  )[0];

export const manufacturerExists = async (db: Db, id: number) =>
  (await db.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.id, id)).limit(1)).length > 0;

export const accountExists = async (db: Db, id: number) =>
  (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id)).limit(1)).length > 0;

export async function insertLogSlot(db: Db, deviceId: number, tokenHash: string, expiresAt: Date): Promise<number> {
  const [row] = await db
    .insert(deviceLogs)
    .values({ deviceId, uploadTokenHash: tokenHash, expiresAt })
    .returning({ id: deviceLogs.id });
  return row!.id;
}
