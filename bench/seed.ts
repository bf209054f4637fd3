import path from 'node:path';
import { DEFAULT_PRINT_PARAMS, DeviceStatus } from '@herald/contract';
import { openDatabase, type Db } from '../packages/server/src/db/client';
import { accounts, devices, models } from '../packages/server/src/db/schema';
import { benchSecret, benchSn } from './connections-shared';

/** A real 1×1 PNG: a model needs an image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Seeds a fresh PGlite data directory (or an empty PostgreSQL database) before the server starts (the real schema and migrations):
 * one account, one printer model and `count` enabled, activated devices BENCH000001… whose
 * secrets derive from the run key. `extra` adds what one bench needs besides (an operator, an API
 * key) in the same database before it is closed.
 */
export async function seedBenchFleet(
  dataDir: string,
  count: number,
  runKey: string,
  extra: (db: Db, accountId: number) => Promise<void> = async () => {},
  /** a PostgreSQL database to seed instead (it must be empty: every run starts from nothing) */
  databaseUrl?: string,
): Promise<void> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'pgdata') });
  const db = database.db;
  const [account] = await db
    .insert(accounts)
    .values({
      name: 'Bench shop',
      country: 'GB',
      timeZone: 'Europe/London',
      industry: 'retail',
      subjectType: 'company',
      subjectName: 'Bench Ltd',
    })
    .returning();
  await extra(db, account!.id);
  const [model] = await db
    .insert(models)
    .values({ name: 'Bench printer', code: 'BENCH-P1', type: 'printer', image: PNG, imageMime: 'image/png' })
    .returning();
  const now = new Date();
  for (let i = 1; i <= count; i += 1000) {
    const rows = [];
    for (let n = i; n < Math.min(i + 1000, count + 1); n++) {
      const sn = benchSn(n);
      rows.push({
        accountId: account!.id,
        sn,
        modelId: model!.id,
        secret: benchSecret(runKey, sn),
        status: DeviceStatus.ENABLED,
        activated: true,
        activatedAt: now,
        printParams: DEFAULT_PRINT_PARAMS,
      });
    }
    await db.insert(devices).values(rows);
  }
  await database.close();
}
