import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { VirtualDevice } from '@herald/device-sim';
import { deviceConnections, devices } from '../src/db/schema';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { seedAccount } from './fixtures';
import { startServer, type TestServer } from './harness';
import { onlineInDb, simDevice } from './open-api-fixture';

/**
 * A connection the embedded broker accepted but whose presence the database did not take (the
 * database away for a moment, a statement chosen as a deadlock's victim on PostgreSQL) used to
 * stay connected and offline for good: nothing was sent to the device, every job for it expired.
 * The gateway now closes it, and the device, reconnecting as firmware does, is written then. The
 * refusal is a trigger on the connection history, so the real statement fails as a real one would.
 */

let server: TestServer;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

it('closes a connection whose presence was not written; the device reconnects and is online once it is', async () => {
  const { accountId } = await seedAccount(server);
  const device = await seedDevice(server, accountId, (await seedModel(server)).id);
  const db = server.deps.db;
  await db.execute(
    sql.raw(`create function refuse_connection() returns trigger language plpgsql as $$
      begin
        if new.device_id = ${device.id} then raise exception 'connection refused by the test'; end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create trigger refuse_connection before insert on device_connections
               for each row execute function refuse_connection()`),
  );

  const sim = simDevice(sims, server.deps.gateway.endpoints().mqtt!, device);
  sim.start();
  // closed each time, it keeps coming back, and is never taken for online meanwhile
  await eventually(async () => sim.connects >= 3, 'three connects, each closed');
  const [away] = await db.select().from(devices).where(eq(devices.id, device.id));
  expect(away).toMatchObject({ online: false, connectionId: null });

  await db.execute(sql.raw('drop trigger refuse_connection on device_connections'));
  const back = await onlineInDb(server, device.id);
  const rows = await db.select().from(deviceConnections).where(eq(deviceConnections.deviceId, device.id));
  // the connection that holds its presence is the one open now
  expect(rows.filter((r) => r.disconnectedAt === null).map((r) => r.id)).toEqual([back.connectionId]);
  const connects = sim.connects;
  await new Promise((r) => setTimeout(r, 500));
  expect(sim.connects).toBe(connects);
});
