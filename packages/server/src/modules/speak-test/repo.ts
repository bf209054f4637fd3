import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { DeviceStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { devices, models } from '../../db/schema';
import { ownedBy } from '../../lib/data-scope';

/** Model types that speak (the jobs module refuses speech to anything else). */
const SPEAKER_TYPES = ['speaker', 'broadcast'];

/** The account's speakers that are not deleted, online ones first. */
export async function listSpeakers(db: Db, accountId: number, owner?: number) {
  return db
    .select({
      id: devices.id,
      sn: devices.sn,
      name: devices.name,
      modelName: models.name,
      online: devices.online,
      paused: devices.paused,
    })
    .from(devices)
    .innerJoin(models, eq(models.id, devices.modelId))
    .where(
      and(
        eq(devices.accountId, accountId),
        ownedBy(devices.ownerUserId, owner),
        ne(devices.status, DeviceStatus.DELETED),
        inArray(models.type, SPEAKER_TYPES),
      ),
    )
    .orderBy(asc(devices.sn));
}

/** The S/N of a device of this account (undefined for other accounts' and deleted devices). */
export async function findSn(db: Db, accountId: number, deviceId: number, owner?: number): Promise<string | undefined> {
  const [d] = await db
    .select({ sn: devices.sn })
    .from(devices)
    .where(
      and(
        eq(devices.id, deviceId),
        eq(devices.accountId, accountId),
        ownedBy(devices.ownerUserId, owner),
        ne(devices.status, DeviceStatus.DELETED),
      ),
    );
  return d?.sn;
}
