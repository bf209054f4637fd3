import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { devices, deviceTypes, models } from '../../db/schema';
import { containsPattern } from '../../lib/filters';

/** Everything but the image bytes, which only the image route reads. */
const modelColumns = {
  id: models.id,
  name: models.name,
  code: models.code,
  type: models.type,
  pn: models.pn,
  capability: models.capability,
  description: models.description,
  deviceTypeId: models.deviceTypeId,
  imageMime: models.imageMime,
  status: models.status,
  createdAt: models.createdAt,
  updatedAt: models.updatedAt,
};
const modelView = {
  ...modelColumns,
  deviceTypeName: deviceTypes.name,
  deviceTypeCode: deviceTypes.code,
  deviceCount: sql<number>`(select count(*)::int from ${devices} d where d.model_id = models.id and d.status <> ${DeviceStatus.DELETED})`,
};
export type ModelView = {
  [K in keyof typeof modelColumns]: (typeof models.$inferSelect)[K];
} & { deviceTypeName: string | null; deviceTypeCode: string | null; deviceCount: number };

export type ModelFilters = {
  name?: string;
  code?: string;
  type?: string;
  status?: number;
  deviceTypeId?: number;
  sortField?: 'id' | 'name' | 'code' | 'createdAt';
  sortOrder?: 'ascend' | 'descend';
  limit: number;
  offset: number;
};

export async function listModels(db: Db, f: ModelFilters): Promise<{ rows: ModelView[]; total: number }> {
  const where = and(
    ...([
      f.name ? ilike(models.name, containsPattern(f.name)) : undefined,
      f.code ? ilike(models.code, containsPattern(f.code)) : undefined,
      f.type ? eq(models.type, f.type) : undefined,
      f.status !== undefined ? eq(models.status, f.status) : undefined,
      f.deviceTypeId !== undefined ? eq(models.deviceTypeId, f.deviceTypeId) : undefined,
    ] as (SQL | undefined)[]),
  );
  const column = { id: models.id, name: models.name, code: models.code, createdAt: models.createdAt }[
    f.sortField ?? 'id'
  ];
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(modelView)
      .from(models)
      .leftJoin(deviceTypes, eq(deviceTypes.id, models.deviceTypeId))
      .where(where)
      .orderBy(dir(column), dir(models.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(models).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const findModelView = async (db: Db, id: number): Promise<ModelView | undefined> =>
  (
    await db
      .select(modelView)
      .from(models)
      .leftJoin(deviceTypes, eq(deviceTypes.id, models.deviceTypeId))
      .where(eq(models.id, id))
      .limit(1)
  )[0];

export const findModelImage = async (db: Db, id: number) =>
  (
    await db
      .select({ image: models.image, imageMime: models.imageMime, updatedAt: models.updatedAt })
      .from(models)
      .where(eq(models.id, id))
      .limit(1)
  )[0];

/** id and status of models by code (lower-cased keys), for the batch import. */
export async function modelsByCode(db: Db): Promise<Map<string, { id: number; status: number }>> {
  const rows = await db.select({ id: models.id, code: models.code, status: models.status }).from(models);
  return new Map(rows.map((r) => [r.code.toLowerCase(), { id: r.id, status: r.status }]));
}

export const findModelIdByCode = async (db: Db, code: string, exceptId?: number) =>
  (
    await db
      .select({ id: models.id })
      .from(models)
      .where(and(sql`lower(${models.code}) = lower(${code})`, exceptId ? ne(models.id, exceptId) : undefined))
      .limit(1)
  )[0]?.id;

export const insertModel = async (tx: Db, values: typeof models.$inferInsert) =>
  (await tx.insert(models).values(values).returning({ id: models.id }))[0]!.id;

export const updateModel = (tx: Db, id: number, values: Partial<typeof models.$inferInsert>) =>
  tx
    .update(models)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(models.id, id));

/** Any device row (deleted ones too: they keep their model) refers to the model. */
export const modelHasDevices = async (db: Db, id: number) =>
  (await db.select({ id: devices.id }).from(devices).where(eq(devices.modelId, id)).limit(1)).length > 0;

export const deleteModel = (tx: Db, id: number) => tx.delete(models).where(eq(models.id, id));

export const listDeviceTypes = (db: Db) => db.select().from(deviceTypes).orderBy(asc(deviceTypes.id));

export const deviceTypeExists = async (db: Db, id: number) =>
  (await db.select({ id: deviceTypes.id }).from(deviceTypes).where(eq(deviceTypes.id, id)).limit(1)).length > 0;

export const modelOptions = (db: Db, enabledOnly: boolean) =>
  db
    .select({
      id: models.id,
      name: models.name,
      code: models.code,
      type: models.type,
      status: models.status,
      updatedAt: models.updatedAt,
    })
    .from(models)
    .where(enabledOnly ? eq(models.status, 1) : undefined)
    .orderBy(asc(models.name), asc(models.id));
