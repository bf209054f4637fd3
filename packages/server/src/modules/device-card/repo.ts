import { and, eq, ne } from 'drizzle-orm';
import { AccountStatus, DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, devices, models, qrBrands } from '../../db/schema';

/**
 * The live device holding an S/N, with what its public card shows of its model, while its account
 * is enabled (a disabled account's services are all unavailable, its devices' cards too).
 */
export const findCardDevice = async (db: Db, sn: string) =>
  (
    await db
      .select({
        sn: devices.sn,
        accountId: devices.accountId,
        name: devices.name,
        status: devices.status,
        online: devices.online,
        lastOnlineAt: devices.lastOnlineAt,
        lastOfflineAt: devices.lastOfflineAt,
        paused: devices.paused,
        firmwareVersion: devices.firmwareVersion,
        qrEnabled: devices.qrEnabled,
        qrPassword: devices.qrPassword,
        modelId: models.id,
        modelName: models.name,
        modelType: models.type,
        modelUpdatedAt: models.updatedAt,
        brandEnabled: qrBrands.enabled,
        brandName: qrBrands.productName,
        brandLogoKey: qrBrands.logoKey,
      })
      .from(devices)
      .innerJoin(accounts, and(eq(accounts.id, devices.accountId), eq(accounts.status, AccountStatus.ENABLED)))
      .leftJoin(models, eq(models.id, devices.modelId))
      .leftJoin(qrBrands, eq(qrBrands.accountId, devices.accountId))
      .where(and(eq(devices.sn, sn), ne(devices.status, DeviceStatus.DELETED)))
      .limit(1)
  )[0];
