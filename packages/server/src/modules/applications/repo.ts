import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, applications, devices } from '../../db/schema';
import { sortedBy, type SortOrder } from '../../lib/sort';
import { containsPattern } from '../../lib/filters';

export type AppRow = typeof applications.$inferSelect;
export type AppView = { app: AppRow; accountName: string | null; deviceCount: number };

const deviceCount = sql<number>`(select count(*)::int from ${devices} d where d.app_id = applications.id and d.status <> ${DeviceStatus.DELETED})`;
const view = { app: applications, accountName: accounts.name, deviceCount };

export type AppFilters = {
  accountId?: number;
  name?: string;
  type?: number;
  accessType?: number;
  appKey?: string;
  sortField?: 'id' | 'name' | 'createdAt';
  sortOrder?: SortOrder;
  limit: number;
  offset: number;
};

export async function listApps(db: Db, f: AppFilters): Promise<{ rows: AppView[]; total: number }> {
  const where = and(
    ...([
      f.accountId !== undefined ? eq(applications.accountId, f.accountId) : undefined,
      f.name ? ilike(applications.name, containsPattern(f.name)) : undefined,
      f.type !== undefined ? eq(applications.type, f.type) : undefined,
      f.accessType !== undefined ? eq(applications.accessType, f.accessType) : undefined,
      f.appKey ? eq(applications.appKey, f.appKey) : undefined,
    ] as (SQL | undefined)[]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(view)
      .from(applications)
      .leftJoin(accounts, eq(accounts.id, applications.accountId))
      .where(where)
      .orderBy(
        ...(sortedBy(
          { id: applications.id, name: applications.name, createdAt: applications.createdAt },
          f,
          applications.id,
        ) ?? [desc(applications.id)]),
      )
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(applications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findAppView = async (db: Db, id: number): Promise<AppView | undefined> =>
  (
    await db
      .select(view)
      .from(applications)
      .leftJoin(accounts, eq(accounts.id, applications.accountId))
      .where(eq(applications.id, id))
      .limit(1)
  )[0];

export const findAppIdByName = async (db: Db, accountId: number, name: string, exceptId?: number) =>
  (
    await db
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.accountId, accountId),
          sql`lower(${applications.name}) = lower(${name})`,
          exceptId ? ne(applications.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  )[0]?.id;

export const insertApp = async (tx: Db, values: typeof applications.$inferInsert) =>
  (await tx.insert(applications).values(values).returning({ id: applications.id }))[0]!.id;

export const updateApp = (tx: Db, id: number, values: Partial<typeof applications.$inferInsert>) =>
  tx
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(applications.id, id));

/** Any device row refers to it (deleted ones too: they keep the reference). */
export const appHasLiveDevices = async (db: Db, id: number) =>
  (
    await db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.appId, id), ne(devices.status, DeviceStatus.DELETED)))
      .limit(1)
  ).length > 0;

/** Deleted devices let go of the application before it goes. */
export async function deleteApp(tx: Db, id: number) {
  await tx.update(devices).set({ appId: null }).where(eq(devices.appId, id));
  await tx.delete(applications).where(eq(applications.id, id));
}

export const appOptions = (db: Db, accountId: number) =>
  db
    .select({
      id: applications.id,
      name: applications.name,
      appKey: applications.appKey,
      accessType: applications.accessType,
    })
    .from(applications)
    .where(eq(applications.accountId, accountId))
    .orderBy(asc(applications.name));
