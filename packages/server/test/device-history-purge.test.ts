import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_DAYS } from '@herald/contract';
import {
  deviceCommands,
  deviceConnections,
  deviceImports,
  deviceJobStats,
  deviceLogs,
  devices,
  jobStats,
} from '../src/db/schema';
import { purgeExpiredRecords } from '../src/housekeeping/purge';
import { seedDevice, seedModel } from './devices-fixture';
import { seedAccount } from './fixtures';
import { startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const DAY = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const OLD = RETENTION_DAYS + 2;

describe("the purge of a device's history", () => {
  it('removes sessions, commands, logs, imports and job counts past the retention period, keeping the session that holds presence', async () => {
    const A = await seedAccount(server);
    const model = await seedModel(server);
    const d = await seedDevice(server, A.accountId, model.id);
    const db = server.deps.db;
    const session = (connected: number, disconnected: number | null) => ({
      deviceId: d.id,
      connectedAt: ago(connected),
      disconnectedAt: disconnected === null ? null : ago(disconnected),
    });
    const [, recentClosed, holding] = await db
      .insert(deviceConnections)
      .values([session(OLD + 1, OLD), session(3, 2), session(OLD + 5, null)])
      .returning({ id: deviceConnections.id });
    // a session closed long ago that still holds presence (a close that never cleared it) stays too
    const [oldHolding] = await db
      .insert(deviceConnections)
      .values(session(OLD + 3, OLD + 2))
      .returning({ id: deviceConnections.id });
    await db.update(devices).set({ online: true, connectionId: oldHolding!.id }).where(eq(devices.id, d.id));

    const command = (days: number) => ({
      id: randomUUID(),
      deviceId: d.id,
      accountId: A.accountId,
      command: 'restart',
      params: {},
      status: 'acked',
      sentAt: ago(days),
      expireAt: ago(days),
    });
    const [oldCommand, recentCommand] = [command(OLD), command(1)];
    await db.insert(deviceCommands).values([oldCommand, recentCommand]);

    const log = (days: number) => ({
      deviceId: d.id,
      uploadTokenHash: randomUUID(),
      content: Buffer.from('log'),
      uploadedAt: ago(days),
      createdAt: ago(days),
      expiresAt: ago(days - 1),
    });
    const [, recentLog] = await db
      .insert(deviceLogs)
      .values([log(OLD), log(2)])
      .returning({ id: deviceLogs.id });

    const imported = (days: number | null) => ({
      id: randomUUID(),
      accountId: A.accountId,
      userId: A.adminId,
      status: days === null ? 'running' : 'done',
      createdAt: ago(days ?? OLD),
      finishedAt: days === null ? null : ago(days),
    });
    const [oldImport, recentImport, running] = [imported(OLD), imported(1), imported(null)];
    await db.insert(deviceImports).values([oldImport, recentImport, running]);

    // the dashboard's counts
    await db.insert(jobStats).values([
      { accountId: A.accountId, bucket: ago(OLD), kind: 'print', requested: 1 },
      { accountId: A.accountId, bucket: ago(1), kind: 'print', requested: 2 },
    ]);
    await db.insert(deviceJobStats).values([
      { accountId: A.accountId, day: ago(OLD), deviceId: d.id, requested: 1 },
      { accountId: A.accountId, day: ago(1), deviceId: d.id, requested: 2 },
    ]);

    await purgeExpiredRecords(db);

    const left = <T extends { id: unknown }>(rows: T[]) => rows.map((r) => r.id).sort();
    expect(left(await db.select().from(deviceConnections).where(eq(deviceConnections.deviceId, d.id)))).toEqual(
      [recentClosed!.id, holding!.id, oldHolding!.id].sort(),
    );
    expect(left(await db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, d.id)))).toEqual([
      recentCommand.id,
    ]);
    expect(left(await db.select().from(deviceLogs).where(eq(deviceLogs.deviceId, d.id)))).toEqual([recentLog!.id]);
    expect(
      left(
        await db
          .select()
          .from(deviceImports)
          .where(inArray(deviceImports.id, [oldImport.id, recentImport.id, running.id])),
      ),
    ).toEqual([recentImport.id, running.id].sort());
    const requested = (rows: { requested: number }[]) => rows.map((r) => r.requested);
    expect(requested(await db.select().from(jobStats).where(eq(jobStats.accountId, A.accountId)))).toEqual([2]);
    expect(requested(await db.select().from(deviceJobStats).where(eq(deviceJobStats.deviceId, d.id)))).toEqual([2]);
  });
});
