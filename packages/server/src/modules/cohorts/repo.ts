import { and, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, devices, otaCohorts } from '../../db/schema';
import { containsPattern } from '../../lib/filters';

export type CohortRow = typeof otaCohorts.$inferSelect;
export type CohortView = { cohort: CohortRow; accountName: string | null; size: number };

/**
 * Members still counted: neither deleted nor moved to another account since the cohort was saved;
 * for an "own data only" caller (`owner`), only the devices assigned to them.
 */
const sizeFor = (owner: number | undefined) => sql<number>`(select count(*)::int from ${devices} d
  where d.id in (select (jsonb_array_elements_text(${otaCohorts.deviceIds}))::int)
    and d.account_id = ${otaCohorts.accountId} and d.status <> ${DeviceStatus.DELETED}
    ${owner === undefined ? sql`` : sql`and d.owner_user_id = ${owner}`})`;

const viewFor = (owner: number | undefined) => ({
  cohort: otaCohorts,
  accountName: accounts.name,
  size: sizeFor(owner),
});

export async function listCohorts(
  db: Db,
  f: { accountId?: number; name?: string; owner?: number; limit: number; offset: number },
) {
  const where = and(
    f.accountId !== undefined ? eq(otaCohorts.accountId, f.accountId) : undefined,
    f.name ? ilike(otaCohorts.name, containsPattern(f.name)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(viewFor(f.owner))
      .from(otaCohorts)
      .leftJoin(accounts, eq(accounts.id, otaCohorts.accountId))
      .where(where)
      .orderBy(desc(otaCohorts.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(otaCohorts).where(where),
  ]);
  return { rows: rows as CohortView[], total: total?.n ?? 0 };
}

export const findCohortView = async (db: Db, id: number, owner?: number) =>
  (
    (await db
      .select(viewFor(owner))
      .from(otaCohorts)
      .leftJoin(accounts, eq(accounts.id, otaCohorts.accountId))
      .where(eq(otaCohorts.id, id))
      .limit(1)) as CohortView[]
  )[0];

export const findCohort = async (db: Db, id: number) =>
  (await db.select().from(otaCohorts).where(eq(otaCohorts.id, id)).limit(1))[0];

/** Several cohorts of one account by id (an upgrade task's scope and phases). */
export const cohortsOf = (db: Db, accountId: number, ids: number[]) =>
  ids.length
    ? db
        .select()
        .from(otaCohorts)
        .where(and(eq(otaCohorts.accountId, accountId), inArray(otaCohorts.id, ids)))
    : Promise.resolve([] as CohortRow[]);

export const insertCohort = async (db: Db, row: typeof otaCohorts.$inferInsert) =>
  (await db.insert(otaCohorts).values(row).returning())[0]!;

export const updateCohort = async (db: Db, id: number, set: Partial<typeof otaCohorts.$inferInsert>) =>
  (
    await db
      .update(otaCohorts)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(otaCohorts.id, id))
      .returning()
  )[0];

export const deleteCohort = (db: Db, id: number) => db.delete(otaCohorts).where(eq(otaCohorts.id, id));

const memberColumns = {
  id: devices.id,
  sn: devices.sn,
  name: devices.name,
  modelId: devices.modelId,
  online: devices.online,
  firmwareVersion: devices.firmwareVersion,
};

/** The account's devices (not deleted), only those assigned to `owner` when given. */
const live = (accountId: number, owner: number | undefined) =>
  and(
    eq(devices.accountId, accountId),
    ne(devices.status, DeviceStatus.DELETED),
    owner === undefined ? undefined : eq(devices.ownerUserId, owner),
  );

/** The account's devices (not deleted) among `ids`, in id order; `owner`'s only when given. */
export const membersOf = (db: Db, accountId: number, ids: number[], owner?: number) =>
  ids.length
    ? db
        .select(memberColumns)
        .from(devices)
        .where(and(live(accountId, owner), inArray(devices.id, ids)))
        .orderBy(devices.id)
    : Promise.resolve([]);

/** The account's devices (not deleted) with these S/Ns; `owner`'s only when given. */
export const devicesBySn = (db: Db, accountId: number, sns: string[], owner?: number) =>
  sns.length
    ? db
        .select({ id: devices.id, sn: devices.sn })
        .from(devices)
        .where(and(live(accountId, owner), inArray(devices.sn, sns)))
    : Promise.resolve([]);
