import { asc, eq, sql } from 'drizzle-orm';
import { DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { devices, deviceTypes, models } from '../../db/schema';

/** Every type with each of its models and the model's devices (all accounts, deleted ones left out). */
export const typesWithModels = (db: Db) =>
  db
    .select({
      typeId: deviceTypes.id,
      typeCode: deviceTypes.code,
      typeName: deviceTypes.name,
      modelId: models.id,
      modelName: models.name,
      modelCode: models.code,
      modelStatus: models.status,
      deviceCount: sql<number>`(select count(*)::int from ${devices} d where d.model_id = ${models.id} and d.status <> ${DeviceStatus.DELETED})`,
    })
    .from(deviceTypes)
    .leftJoin(models, eq(models.deviceTypeId, deviceTypes.id))
    .orderBy(asc(deviceTypes.id), asc(models.name), asc(models.id));
