import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { certificates, devices, licences, manufacturers } from '../../db/schema';
import { sortedBy, type SortOrder } from '../../lib/sort';
import { containsPattern } from '../../lib/filters';

export type ManufacturerRow = typeof manufacturers.$inferSelect;
export type LicenceRow = typeof licences.$inferSelect;
export type CertificateRow = typeof certificates.$inferSelect;

const live = sql`d.status <> ${DeviceStatus.DELETED}`;
const stats = {
  deviceCount: sql<number>`(select count(*)::int from ${devices} d where d.manufacturer_id = manufacturers.id and ${live})`,
  activatedCount: sql<number>`(select count(*)::int from ${devices} d where d.manufacturer_id = manufacturers.id and ${live} and d.activated)`,
  connectedCount: sql<number>`(select count(*)::int from ${devices} d where d.manufacturer_id = manufacturers.id and ${live} and d.online)`,
  capacity: sql<number>`(select coalesce(sum(l.max_devices), 0)::int from ${licences} l where l.manufacturer_id = manufacturers.id and l.valid_from <= now() and l.valid_to >= now())`,
  licenceCount: sql<number>`(select count(*)::int from ${licences} l where l.manufacturer_id = manufacturers.id)`,
  certificateCount: sql<number>`(select count(*)::int from ${certificates} c where c.manufacturer_id = manufacturers.id)`,
};
const view = { m: manufacturers, ...stats };
export type ManufacturerView = { m: ManufacturerRow } & { [K in keyof typeof stats]: number };

type ManufacturerSort = {
  sortField?: 'id' | 'name' | 'code' | 'createdAt' | 'capacity' | 'activatedCount' | 'connectedCount';
  sortOrder?: SortOrder;
};

export async function listManufacturers(
  db: Db,
  f: ManufacturerSort & { name?: string; code?: string; limit: number; offset: number },
) {
  const where = and(
    f.name ? ilike(manufacturers.name, containsPattern(f.name)) : undefined,
    f.code ? ilike(manufacturers.code, containsPattern(f.code)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(view)
      .from(manufacturers)
      .where(where)
      .orderBy(
        ...(sortedBy(
          {
            id: manufacturers.id,
            name: manufacturers.name,
            code: manufacturers.code,
            createdAt: manufacturers.createdAt,
            capacity: stats.capacity,
            activatedCount: stats.activatedCount,
            connectedCount: stats.connectedCount,
          },
          f,
          manufacturers.id,
        ) ?? [desc(manufacturers.id)]),
      )
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(manufacturers).where(where),
  ]);
  return { rows: rows as ManufacturerView[], total: total?.n ?? 0 };
}

export const findManufacturerView = async (db: Db, id: number) =>
  (await db.select(view).from(manufacturers).where(eq(manufacturers.id, id)).limit(1))[0] as
    ManufacturerView | undefined;

export const findManufacturer = async (db: Db, id: number) =>
  (await db.select().from(manufacturers).where(eq(manufacturers.id, id)).limit(1))[0];

export const findManufacturerIdByCode = async (db: Db, code: string, exceptId?: number) =>
  (
    await db
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(
        and(sql`lower(${manufacturers.code}) = lower(${code})`, exceptId ? ne(manufacturers.id, exceptId) : undefined),
      )
      .limit(1)
  )[0]?.id;

export const insertManufacturer = async (tx: Db, values: typeof manufacturers.$inferInsert) =>
  (await tx.insert(manufacturers).values(values).returning({ id: manufacturers.id }))[0]!.id;

export const updateManufacturer = (tx: Db, id: number, values: Partial<typeof manufacturers.$inferInsert>) =>
  tx
    .update(manufacturers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(manufacturers.id, id));

export const hasLiveDevices = async (db: Db, id: number) =>
  (
    await db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.manufacturerId, id), ne(devices.status, DeviceStatus.DELETED)))
      .limit(1)
  ).length > 0;

/** With its licences and certificates; deleted devices let go of it. */
export async function deleteManufacturer(tx: Db, id: number) {
  await tx.update(devices).set({ manufacturerId: null }).where(eq(devices.manufacturerId, id));
  await tx.delete(licences).where(eq(licences.manufacturerId, id));
  await tx.delete(certificates).where(eq(certificates.manufacturerId, id));
  await tx.delete(manufacturers).where(eq(manufacturers.id, id));
}

/** Manufacturers of an account's devices (not deleted): what the account may see licences of. */
export const manufacturerIdsOfAccount = async (db: Db, accountId: number) =>
  (
    await db
      .selectDistinct({ id: devices.manufacturerId })
      .from(devices)
      .where(
        and(
          eq(devices.accountId, accountId),
          ne(devices.status, DeviceStatus.DELETED),
          isNotNull(devices.manufacturerId),
        ),
      )
  ).map((r) => r.id!);

export const manufacturerOptions = (db: Db) =>
  db
    .select({ id: manufacturers.id, name: manufacturers.name, code: manufacturers.code })
    .from(manufacturers)
    .orderBy(asc(manufacturers.name));

// ── licences ──────────────────────────────────────────────────────────────

/**
 * `viewer`: an account sees how many of its own devices are online; the licence's use (activated,
 * hence remaining) is the manufacturer's across accounts, as that is what decides whether a device
 * may still activate. Operators (undefined) see every account's.
 */
const licenceView = (viewer: number | undefined) => ({
  l: licences,
  manufacturerName: manufacturers.name,
  activated: sql<number>`(select count(*)::int from ${devices} d where d.manufacturer_id = licences.manufacturer_id and ${live} and d.activated)`,
  connected: sql<number>`(select count(*)::int from ${devices} d where d.manufacturer_id = licences.manufacturer_id and ${live} and d.online${
    viewer === undefined ? sql`` : sql` and d.account_id = ${viewer}`
  })`,
  /** capacity of the manufacturer's valid licences that expire before this one (they are used up first) */
  usedBefore: sql<number>`(select coalesce(sum(l2.max_devices), 0)::int from ${licences} l2
     where l2.manufacturer_id = licences.manufacturer_id and l2.valid_from <= now() and l2.valid_to >= now()
       and (l2.valid_to, l2.id) < (licences.valid_to, licences.id))`,
});
export type LicenceView = {
  l: LicenceRow;
  manufacturerName: string;
  activated: number;
  connected: number;
  usedBefore: number;
};

/** `manufacturerIds` undefined: all; an empty list: none. */
type ValiditySort = { sortField?: 'validFrom' | 'validTo'; sortOrder?: SortOrder };

export type Scoped = { manufacturerIds?: number[] };

export async function listLicences(
  db: Db,
  f: Scoped &
    ValiditySort & {
      viewer: number | undefined;
      manufacturerId?: number;
      number?: string;
      expiringBefore?: Date;
      limit: number;
      offset: number;
    },
) {
  if (f.manufacturerIds?.length === 0) return { rows: [], total: 0 };
  const where = and(
    ...([
      f.manufacturerIds ? inArray(licences.manufacturerId, f.manufacturerIds) : undefined,
      f.manufacturerId !== undefined ? eq(licences.manufacturerId, f.manufacturerId) : undefined,
      f.number ? ilike(licences.number, containsPattern(f.number)) : undefined,
      f.expiringBefore ? and(gt(licences.validTo, new Date()), lte(licences.validTo, f.expiringBefore)) : undefined,
    ] as (SQL | undefined)[]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(licenceView(f.viewer))
      .from(licences)
      .innerJoin(manufacturers, eq(manufacturers.id, licences.manufacturerId))
      .where(where)
      .orderBy(
        ...(sortedBy({ validFrom: licences.validFrom, validTo: licences.validTo }, f, licences.id) ??
          (f.expiringBefore ? [asc(licences.validTo)] : [desc(licences.id)])),
      )
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(licences).where(where),
  ]);
  return { rows: rows as LicenceView[], total: total?.n ?? 0 };
}

export const findLicenceView = async (db: Db, id: number, viewer: number | undefined) =>
  (
    await db
      .select(licenceView(viewer))
      .from(licences)
      .innerJoin(manufacturers, eq(manufacturers.id, licences.manufacturerId))
      .where(eq(licences.id, id))
      .limit(1)
  )[0] as LicenceView | undefined;

export const licenceNumberTaken = async (db: Db, number: string) =>
  (await db.select({ id: licences.id }).from(licences).where(eq(licences.number, number)).limit(1)).length > 0;

export const insertLicence = async (tx: Db, values: typeof licences.$inferInsert) =>
  (await tx.insert(licences).values(values).returning({ id: licences.id }))[0]!.id;

// ── certificates ──────────────────────────────────────────────────────────

const certView = { c: certificates, manufacturerName: manufacturers.name };
export type CertificateView = { c: CertificateRow; manufacturerName: string };

export async function listCertificates(
  db: Db,
  f: Scoped &
    ValiditySort & {
      manufacturerId?: number;
      serialNumber?: string;
      revoked?: boolean;
      expiringBefore?: Date;
      limit: number;
      offset: number;
    },
) {
  if (f.manufacturerIds?.length === 0) return { rows: [], total: 0 };
  const where = and(
    ...([
      f.manufacturerIds ? inArray(certificates.manufacturerId, f.manufacturerIds) : undefined,
      f.manufacturerId !== undefined ? eq(certificates.manufacturerId, f.manufacturerId) : undefined,
      f.serialNumber ? ilike(certificates.serialNumber, containsPattern(f.serialNumber)) : undefined,
      f.revoked === true ? isNotNull(certificates.revokedAt) : undefined,
      f.revoked === false ? isNull(certificates.revokedAt) : undefined,
      f.expiringBefore
        ? and(
            isNull(certificates.revokedAt),
            gt(certificates.validTo, new Date()),
            lte(certificates.validTo, f.expiringBefore),
          )
        : undefined,
    ] as (SQL | undefined)[]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(certView)
      .from(certificates)
      .innerJoin(manufacturers, eq(manufacturers.id, certificates.manufacturerId))
      .where(where)
      .orderBy(
        ...(sortedBy({ validFrom: certificates.validFrom, validTo: certificates.validTo }, f, certificates.id) ??
          (f.expiringBefore ? [asc(certificates.validTo)] : [desc(certificates.id)])),
      )
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(certificates).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findCertificateView = async (db: Db, id: number): Promise<CertificateView | undefined> =>
  (
    await db
      .select(certView)
      .from(certificates)
      .innerJoin(manufacturers, eq(manufacturers.id, certificates.manufacturerId))
      .where(eq(certificates.id, id))
      .limit(1)
  )[0];

export const fingerprintTaken = async (db: Db, fingerprint: string) =>
  (
    await db
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.fingerprint, fingerprint))
      .limit(1)
  ).length > 0;

export const insertCertificate = async (tx: Db, values: typeof certificates.$inferInsert) =>
  (await tx.insert(certificates).values(values).returning({ id: certificates.id }))[0]!.id;

/** Revocation is once only: an already revoked certificate is not touched (returns false). */
export const revokeCertificate = async (tx: Db, id: number, by: number, now: Date) =>
  (
    await tx
      .update(certificates)
      .set({ revokedAt: now, revokedBy: by })
      .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
      .returning({ id: certificates.id })
  ).length > 0;

export const onlineDeviceSns = async (db: Db, manufacturerId: number) =>
  (
    await db
      .select({ sn: devices.sn })
      .from(devices)
      .where(
        and(
          eq(devices.manufacturerId, manufacturerId),
          eq(devices.online, true),
          ne(devices.status, DeviceStatus.DELETED),
        ),
      )
  ).map((r) => r.sn);
