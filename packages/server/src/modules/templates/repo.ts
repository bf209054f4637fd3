import { and, asc, count, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses, models, templates } from '../../db/schema';
import { ownedBy } from '../../lib/data-scope';
import { containsPattern } from '../../lib/filters';

export type TemplateRow = typeof templates.$inferSelect;

/** Live businesses using a template: a template they use cannot be deleted. */
const businessCount = sql<number>`(select count(*)::int from ${businesses} b where b.template_id = templates.id and b.deleted_at is null)`;
const view = { template: templates, modelName: models.name, businessCount };
export type TemplateView = { template: TemplateRow; modelName: string | null; businessCount: number };

export type TemplateFilters = {
  accountId: number;
  /** "own data only": the templates this user made */
  createdBy?: number;
  name?: string;
  modelId?: number;
  sortField?: 'id' | 'name' | 'updatedAt';
  sortOrder?: 'ascend' | 'descend';
  limit: number;
  offset: number;
};

export async function listTemplates(db: Db, f: TemplateFilters): Promise<{ rows: TemplateView[]; total: number }> {
  const where = and(
    ...([
      eq(templates.accountId, f.accountId),
      ownedBy(templates.createdBy, f.createdBy),
      isNull(templates.deletedAt),
      f.name ? ilike(templates.name, containsPattern(f.name)) : undefined,
      f.modelId !== undefined ? eq(templates.modelId, f.modelId) : undefined,
    ] as (SQL | undefined)[]),
  );
  const column = { id: templates.id, name: templates.name, updatedAt: templates.updatedAt }[f.sortField ?? 'updatedAt'];
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(view)
      .from(templates)
      .leftJoin(models, eq(models.id, templates.modelId))
      .where(where)
      .orderBy(dir(column), dir(templates.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(templates).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A live (not deleted) template with its model name. */
export const findTemplateView = async (db: Db, id: number): Promise<TemplateView | undefined> =>
  (
    await db
      .select(view)
      .from(templates)
      .leftJoin(models, eq(models.id, templates.modelId))
      .where(and(eq(templates.id, id), isNull(templates.deletedAt)))
      .limit(1)
  )[0];

/** Names are unique among an account's live templates (case-insensitive). */
/** `owner`: among that user's own only (an "own data only" user's names never confirm another's). */
export const findTemplateIdByName = async (
  db: Db,
  accountId: number,
  name: string,
  exceptId?: number,
  owner?: number,
) =>
  (
    await db
      .select({ id: templates.id })
      .from(templates)
      .where(
        and(
          eq(templates.accountId, accountId),
          isNull(templates.deletedAt),
          sql`lower(${templates.name}) = lower(${name})`,
          exceptId ? ne(templates.id, exceptId) : undefined,
          ownedBy(templates.createdBy, owner),
        ),
      )
      .limit(1)
  )[0]?.id;

/** An enabled printer model. */
export const findPrinterModel = async (db: Db, id: number) =>
  (
    await db
      .select({ id: models.id })
      .from(models)
      .where(and(eq(models.id, id), eq(models.type, 'printer'), eq(models.status, 1)))
      .limit(1)
  )[0];

export const insertTemplate = async (tx: Db, values: typeof templates.$inferInsert) =>
  (await tx.insert(templates).values(values).returning())[0]!;

export const updateTemplate = (tx: Db, id: number, values: Partial<typeof templates.$inferInsert>) =>
  tx
    .update(templates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(templates.id, id));

export const softDeleteTemplate = (tx: Db, id: number) =>
  tx.update(templates).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(templates.id, id));

/** Options for business forms: the account's live templates. */
export const templateOptions = (db: Db, accountId: number, createdBy: number | undefined) =>
  db
    .select({ value: templates.id, label: templates.name })
    .from(templates)
    .where(
      and(eq(templates.accountId, accountId), ownedBy(templates.createdBy, createdBy), isNull(templates.deletedAt)),
    )
    .orderBy(asc(templates.name), asc(templates.id));

/** What a print job takes of a template; modelId: the printer model it is written for (null: any printer). */
export type PrintTemplate = Pick<TemplateRow, 'id' | 'body' | 'command' | 'modelId'>;

/** A live template of this account, for a print job (another account's or a deleted one is not found). */
export const findPrintTemplate = async (db: Db, accountId: number, id: number): Promise<PrintTemplate | undefined> =>
  (
    await db
      .select({ id: templates.id, body: templates.body, command: templates.command, modelId: templates.modelId })
      .from(templates)
      .where(and(eq(templates.id, id), eq(templates.accountId, accountId), isNull(templates.deletedAt)))
  )[0];
