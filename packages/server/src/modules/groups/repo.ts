import { and, asc, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import { DeviceStatus, LOCALES, messages } from '@herald/contract';
import type { Db } from '../../db/client';
import { deviceGroups, devices } from '../../db/schema';
import { containsPattern } from '../../lib/filters';
import { sortedBy, type SortOrder } from '../../lib/sort';

export type GroupRow = typeof deviceGroups.$inferSelect;
/** Stored as is (with is_default); shown translated, see default-name.ts. */
export const DEFAULT_GROUP_NAME = 'Default group';
/** The default group's name in every language (lower-cased), as people may type it in a form or a sheet. */
export const DEFAULT_GROUP_NAMES: ReadonlySet<string> = new Set(
  [DEFAULT_GROUP_NAME, ...LOCALES.map((l) => messages['group.defaultName'][l])].map((n) => n.trim().toLowerCase()),
);

/** Every account gets one when it is created (and the 0005 migration backfilled older accounts). */
export async function createDefaultGroup(db: Db, accountId: number): Promise<void> {
  await db.insert(deviceGroups).values({ accountId, name: DEFAULT_GROUP_NAME, isDefault: true }).onConflictDoNothing();
}

const deviceCount = sql<number>`(select count(*)::int from ${devices} d where d.group_id = device_groups.id and d.status <> ${DeviceStatus.DELETED})`;

type GroupSort = { sortField?: 'id' | 'name' | 'createdAt'; sortOrder?: SortOrder };

export async function listGroups(
  db: Db,
  accountId: number,
  f: GroupSort & { name?: string; limit: number; offset: number },
) {
  const where = and(
    eq(deviceGroups.accountId, accountId),
    f.name ? ilike(deviceGroups.name, containsPattern(f.name)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ group: deviceGroups, deviceCount })
      .from(deviceGroups)
      .where(where)
      .orderBy(
        ...(sortedBy(
          { id: deviceGroups.id, name: deviceGroups.name, createdAt: deviceGroups.createdAt },
          f,
          deviceGroups.id,
        ) ?? [desc(deviceGroups.isDefault), asc(deviceGroups.id)]),
      )
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(deviceGroups).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findGroupView = async (db: Db, id: number) =>
  (await db.select({ group: deviceGroups, deviceCount }).from(deviceGroups).where(eq(deviceGroups.id, id)).limit(1))[0];

export const findGroup = async (db: Db, id: number) =>
  (await db.select().from(deviceGroups).where(eq(deviceGroups.id, id)).limit(1))[0];

/**
 * The groups of an account by name (lower-cased keys). The default group, while it keeps its
 * placeholder name, answers to that name in every language (a sheet may say 默认分组).
 */
export async function groupsByName(db: Db, accountId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: deviceGroups.id, name: deviceGroups.name, isDefault: deviceGroups.isDefault })
    .from(deviceGroups)
    .where(eq(deviceGroups.accountId, accountId));
  const byName = new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
  const dflt = rows.find((r) => r.isDefault && r.name === DEFAULT_GROUP_NAME);
  if (dflt) for (const n of DEFAULT_GROUP_NAMES) if (!byName.has(n)) byName.set(n, dflt.id);
  return byName;
}

export const findGroupIdByName = async (db: Db, accountId: number, name: string, exceptId?: number) =>
  (
    await db
      .select({ id: deviceGroups.id })
      .from(deviceGroups)
      .where(
        and(
          eq(deviceGroups.accountId, accountId),
          sql`lower(${deviceGroups.name}) = lower(${name})`,
          exceptId ? ne(deviceGroups.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  )[0]?.id;

export async function defaultGroupId(db: Db, accountId: number): Promise<number | undefined> {
  const [g] = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.accountId, accountId), eq(deviceGroups.isDefault, true)))
    .limit(1);
  return g?.id;
}

export const insertGroup = async (tx: Db, values: typeof deviceGroups.$inferInsert) =>
  (await tx.insert(deviceGroups).values(values).returning())[0]!;

export const updateGroup = (tx: Db, id: number, values: Partial<typeof deviceGroups.$inferInsert>) =>
  tx
    .update(deviceGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deviceGroups.id, id));

/** Delete a group; its devices (deleted ones too) move to `toGroupId`. Returns how many moved. */
export async function deleteGroup(tx: Db, id: number, toGroupId: number): Promise<number> {
  const moved = await tx
    .update(devices)
    .set({ groupId: toGroupId, updatedAt: new Date() })
    .where(eq(devices.groupId, id))
    .returning({ id: devices.id });
  await tx.delete(deviceGroups).where(eq(deviceGroups.id, id));
  return moved.length;
}

export const groupOptions = (db: Db, accountId: number) =>
  db
    .select({ id: deviceGroups.id, name: deviceGroups.name, isDefault: deviceGroups.isDefault })
    .from(deviceGroups)
    .where(eq(deviceGroups.accountId, accountId))
    .orderBy(desc(deviceGroups.isDefault), asc(deviceGroups.name));
