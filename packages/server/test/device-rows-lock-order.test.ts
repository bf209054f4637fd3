import { inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_PRINT_PARAMS, DeviceStatus } from '@herald/contract';
import { poolOf } from '../src/db/client';
import { devices } from '../src/db/schema';
import { mergeTelemetries, openConnections, setFirmwares } from '../src/modules/device-link/repo';
import { updateDevices } from '../src/modules/devices/repo';
import { storeResources } from '../src/modules/ota-tasks/repo';
import { seedModel } from './devices-fixture';
import { seedAccount } from './fixtures';
import { expectError, expectOk, startServer, type TestServer } from './harness';

/**
 * A fleet reconnecting at once (a broker or server restart) is written in batches that each
 * update many devices' rows: connections and presence, first reports, firmware versions, pack
 * versions; a console's batch action (enable, move, pause…) may update the same rows meanwhile. On PostgreSQL each took its rows in the
 * order its plan read them, so two batches over the same devices in different orders deadlocked
 * (27 of 30 rounds of this test before the change): the victim's writes were lost, and a device
 * whose presence was lost stayed connected and offline. Every batch now locks its rows in id
 * order first (db/lock-order.ts). On the embedded database (one statement at a time) it checks
 * the statements still do their work.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

/** `n` enabled devices of a new account, by id. */
async function seedDevices(n: number) {
  const { accountId, client } = await seedAccount(server);
  const modelId = (await seedModel(server)).id;
  const rows = await server.deps.db
    .insert(devices)
    .values(
      Array.from({ length: n }, (_, i) => ({
        accountId,
        modelId,
        sn: `LO${i}${randomBytes(4).toString('hex')}`.toUpperCase(),
        secret: randomBytes(16).toString('hex'),
        status: DeviceStatus.ENABLED,
        printParams: DEFAULT_PRINT_PARAMS,
      })),
    )
    .returning({ id: devices.id });
  return { ids: rows.map((r) => r.id), owner: client };
}

/**
 * A deadlock with `victim` (which takes devices a then b): a transaction takes b, `victim` starts
 * and waits for b (watched for in pg_stat_activity), the transaction then asks for a. PostgreSQL looks for the cycle a second after
 * `victim` began to wait, so `victim` is the one it ends. Answers what `victim` answered.
 */
async function deadlockAround<T>(a: number, b: number, victim: () => Promise<T>): Promise<T> {
  const client = await poolOf(server.deps.db)!.connect();
  // this side looks for the cycle only after `victim` has (a superuser's setting: the suite's cluster
  // allows it), so on a loaded machine too the victim is `victim`
  await client.query(`set deadlock_timeout = '20s'`).catch(() => {});
  try {
    await client.query('begin');
    await client.query(`update devices set location_source = 'tx' where id = $1`, [b]);
    const answer = victim();
    // only once `victim` waits for b (a loaded machine may take a while to get there): otherwise a
    // comes free first and there is no cycle
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    for (let waited = 0; ; waited += 20) {
      const blocked = await client.query(`select 1 from pg_stat_activity where $1 = any(pg_blocking_pids(pid))`, [
        rows[0]!.pid,
      ]);
      if (blocked.rowCount) break;
      if (waited > 20_000) throw new Error('the victim never waited for the transaction');
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.query(`update devices set location_source = 'tx' where id = $1`, [a]);
    await client.query('commit');
    return await answer;
  } finally {
    // the connection goes back to the pool as it was: no transaction left open, the setting undone
    await client.query('rollback').catch(() => {});
    await client.query('reset deadlock_timeout').catch(() => {});
    client.release();
  }
}

const rowsOf = (ids: number[]) => server.deps.db.select().from(devices).where(inArray(devices.id, ids));

it('batched updates of the same devices in different orders, at the same moment, all succeed', async () => {
  const db = server.deps.db;
  const { ids } = await seedDevices(300);
  const failures: string[] = [];
  for (let round = 1; round <= 10; round++) {
    const at = new Date();
    const ascending = [...ids];
    const descending = [...ids].reverse();
    const shuffled = [...ids].sort(() => Math.random() - 0.5);
    const results = await Promise.allSettled([
      mergeTelemetries(
        db,
        ascending.map((d) => ({ deviceId: d, patch: { round }, extra: {}, at })),
      ),
      openConnections(
        db,
        descending.map((d) => ({ deviceId: d, session: round, ip: null, at })),
      ),
      setFirmwares(
        db,
        shuffled.map((d) => ({ deviceId: d, firmware: `1.00.00.${round}` })),
      ),
      storeResources(
        db,
        descending.map((d) => ({ deviceId: d, resources: { voice: `v${round}` } })),
      ),
      // a batch action in the console (here: pause) on the same devices, in its transaction
      db.transaction((tx) => updateDevices(tx, shuffled, { paused: round % 2 === 0 })),
    ]);
    for (const r of results) if (r.status === 'rejected') failures.push(String((r.reason as Error).message));
  }
  expect(failures).toEqual([]);

  // and each did its work: the last round's report, firmware, packs and presence are every device's
  const after = await rowsOf(ids);
  expect(after).toHaveLength(ids.length);
  for (const d of after) {
    expect(d).toMatchObject({ firmwareVersion: '1.00.00.10', online: true, paused: true });
    expect(d.telemetry).toMatchObject({ round: 10, resources: { voice: 'v10' } });
  }
}, 60_000);

/**
 * What lock order cannot prevent (a transaction, or another process, taking the same rows the
 * other way round): the statement PostgreSQL picks as the deadlock's victim is run again
 * (db/deadlock-retry.ts) instead of its write being lost. Only PostgreSQL has concurrent sessions.
 */
it.runIf(process.env.TEST_DATABASE_URL)(
  'a batched update chosen as a deadlock victim is run again, and both sides complete',
  async () => {
    const [a, b] = (await seedDevices(2)).ids as [number, number];
    const firmware = '9.00.00.01';
    await deadlockAround(a, b, () =>
      setFirmwares(server.deps.db, [
        { deviceId: a, firmware },
        { deviceId: b, firmware },
      ]),
    );
    for (const d of await rowsOf([a, b])) expect(d).toMatchObject({ firmwareVersion: firmware, locationSource: 'tx' });
  },
);

/**
 * A request whose transaction PostgreSQL picks as a deadlock's victim (here: a batch action on two
 * devices) gets a clear answer to try again, 409 with Retry-After, instead of a 500; nothing of it
 * was written.
 */
it.runIf(process.env.TEST_DATABASE_URL)(
  "a request chosen as a deadlock's victim is told to try again, and changed nothing",
  async () => {
    const { ids, owner } = await seedDevices(2);
    const [a, b] = ids as [number, number];
    const res = await deadlockAround(a, b, () => owner.post('/v1/devices/pause', { ids: [a, b] }));
    expect(res.status).toBe(409);
    expectError(res, 40009, 'The same data was being changed at the same moment, please try again');
    for (const d of await rowsOf([a, b])) expect(d).toMatchObject({ paused: false, locationSource: 'tx' });
    // and the same request again passes
    expectOk(await owner.post('/v1/devices/pause', { ids: [a, b] }));
  },
);
