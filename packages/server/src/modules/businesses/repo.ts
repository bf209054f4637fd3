import { and, asc, count, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, templates } from '../../db/schema';
import { ownedBy } from '../../lib/data-scope';
import { containsPattern } from '../../lib/filters';

export type BusinessRow = typeof businesses.$inferSelect;
export type BusinessView = { business: BusinessRow; templateName: string | null };
const view = { business: businesses, templateName: templates.name };

export type BusinessFilters = {
  accountId: number;
  /** "own data only": the businesses this user made */
  createdBy?: number;
  name?: string;
  type?: number;
  sortField?: 'id' | 'name' | 'updatedAt';
  sortOrder?: 'ascend' | 'descend';
  limit: number;
  offset: number;
};

export async function listBusinesses(db: Db, f: BusinessFilters): Promise<{ rows: BusinessView[]; total: number }> {
  const where = and(
    ...([
      eq(businesses.accountId, f.accountId),
      ownedBy(businesses.createdBy, f.createdBy),
      isNull(businesses.deletedAt),
      f.name ? ilike(businesses.name, containsPattern(f.name)) : undefined,
      f.type !== undefined ? eq(businesses.type, f.type) : undefined,
    ] as (SQL | undefined)[]),
  );
  const column = { id: businesses.id, name: businesses.name, updatedAt: businesses.updatedAt }[f.sortField ?? 'id'];
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(view)
      .from(businesses)
      .leftJoin(templates, eq(templates.id, businesses.templateId))
      .where(where)
      .orderBy(dir(column), dir(businesses.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(businesses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findBusinessView = async (db: Db, id: number): Promise<BusinessView | undefined> =>
  (
    await db
      .select(view)
      .from(businesses)
      .leftJoin(templates, eq(templates.id, businesses.templateId))
      .where(and(eq(businesses.id, id), isNull(businesses.deletedAt)))
      .limit(1)
  )[0];

/** `owner`: among that user's own only (an "own data only" user's names never confirm another's). */
export const findBusinessIdByName = async (
  db: Db,
  accountId: number,
  name: string,
  exceptId?: number,
  owner?: number,
) =>
  (
    await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(
        and(
          eq(businesses.accountId, accountId),
          isNull(businesses.deletedAt),
          sql`lower(${businesses.name}) = lower(${name})`,
          exceptId ? ne(businesses.id, exceptId) : undefined,
          ownedBy(businesses.createdBy, owner),
        ),
      )
      .limit(1)
  )[0]?.id;

/** A live template of the account (made by `createdBy`, for an "own data only" user). */
export const findAccountTemplate = async (
  db: Db,
  accountId: number,
  templateId: number,
  createdBy: number | undefined,
) =>
  (
    await db
      .select({ id: templates.id })
      .from(templates)
      .where(
        and(
          eq(templates.id, templateId),
          eq(templates.accountId, accountId),
          ownedBy(templates.createdBy, createdBy),
          isNull(templates.deletedAt),
        ),
      )
      .limit(1)
  )[0];

export const insertBusiness = async (tx: Db, values: typeof businesses.$inferInsert) =>
  (await tx.insert(businesses).values(values).returning())[0]!;

export const updateBusiness = (tx: Db, id: number, values: Partial<typeof businesses.$inferInsert>) =>
  tx
    .update(businesses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(businesses.id, id));

export const softDeleteBusiness = (tx: Db, id: number) =>
  tx.update(businesses).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(businesses.id, id));

export const businessOptions = (db: Db, accountId: number, createdBy: number | undefined) =>
  db
    .select({ value: businesses.id, label: businesses.name, type: businesses.type })
    .from(businesses)
    .where(
      and(eq(businesses.accountId, accountId), ownedBy(businesses.createdBy, createdBy), isNull(businesses.deletedAt)),
    )
    .orderBy(asc(businesses.name), asc(businesses.id));

/** What a print or speak job takes of a business. */
export type JobBusiness = Pick<BusinessRow, 'id' | 'type' | 'templateId' | 'voiceContent'>;

/** A live business of this account, for a job (another account's or a deleted one is not found). */
export const findJobBusiness = async (db: Db, accountId: number, id: number): Promise<JobBusiness | undefined> =>
  (
    await db
      .select({
        id: businesses.id,
        type: businesses.type,
        templateId: businesses.templateId,
        voiceContent: businesses.voiceContent,
      })
      .from(businesses)
      .where(and(eq(businesses.id, id), eq(businesses.accountId, accountId), isNull(businesses.deletedAt)))
  )[0];
