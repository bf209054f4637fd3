import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualDevice } from '@herald/device-sim';
import { deviceAlertStates, devices } from '../src/db/schema';
import { raiseStateAlerts } from '../src/modules/messages/alert-states';
import { startServer } from './harness';
import { seedAccount } from './fixtures';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { watchStatements } from './named-statements';
import { simDevice } from './open-api-fixture';

/**
 * A fleet reconnecting at once (a restart of the embedded broker, docs/benchmarks.md "Reconnect
 * storm") runs each device's connect on one database thread: what counts is how many statements
 * each connect sends, not how long one takes. Fifty known devices, their state stored by an
 * earlier connect, come back together; every statement the pool sends meanwhile is counted.
 */

const FLEET = 50;
/**
 * The server's background workers (job sweep, upgrade and push engines, webhooks, alert digests)
 * run meanwhile on their own clock: their statements are not the connects'.
 */
const WORKERS =
  /(ota_tasks|ota_executions|push_tasks|push_results|webhook_deliveries|alert_digests)$|^jobs\.(expire-due|stranded|resend-due)$/;
/**
 * What the connects may cost at most, per connect. Each ran a dozen statements of its own (the
 * connection, firmware, packs twice, its queue, its cancels, its offline alert, its telemetry, and
 * a transaction of three to record its unchanged states): 12.3 measured. Those of the same moment
 * now share statements on the embedded database: nine kinds, so nine per connect if none were
 * shared. How many share one depends on how the connects spread in time: 32–38 for the 50 on a quiet
 * machine, 169–190 beside two busy test files, and once above 200 (a bound of 4 failed). The bound
 * sits between that and the nine of no sharing at all (450), and fails the old path (615) by far.
 */
const PER_CONNECT = 6;

type S = Awaited<ReturnType<typeof startServer>>;
let server: S;
const sims: VirtualDevice[] = [];
let fleet: { id: number; sn: string; secret: string | null }[];

/** Resolves once the pool has sent nothing for `quietMs`: the connects' background work is done too. */
async function settled(sent: string[], quietMs = 400): Promise<void> {
  let seen = -1;
  while (seen !== sent.length) {
    seen = sent.length;
    await new Promise((r) => setTimeout(r, quietMs));
  }
}

const tally = (sent: string[]) => {
  const byKind = new Map<string, number>();
  for (const s of sent) byKind.set(s, (byKind.get(s) ?? 0) + 1);
  return Object.fromEntries([...byKind].sort((a, b) => b[1] - a[1]));
};

async function connectAll(): Promise<void> {
  const online = sims.map((d) => d.waitFor('online', 30_000));
  for (const d of sims) d.start();
  await Promise.all(online);
}

beforeAll(async () => {
  server = await startServer();
  const { accountId } = await seedAccount(server);
  const model = (await seedModel(server, { type: 'printer' })).id;
  fleet = await Promise.all(Array.from({ length: FLEET }, () => seedDevice(server, accountId, model)));
  const mqttUrl = server.deps.gateway.endpoints().mqtt!;
  for (const d of fleet) simDevice(sims, mqttUrl, d, { telemetryIntervalMs: 3_600_000 });
  // the first connect activates each device and stores its state: a reconnect finds both done
  await connectAll();
  const ids = fleet.map((d) => d.id);
  await eventually(async () => {
    const rows = await server.deps.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, ids), isNotNull(devices.telemetryAt), eq(devices.online, true)));
    return rows.length === FLEET;
  }, 'the fleet online with its telemetry');
  await Promise.all(sims.map((d) => d.stop()));
  await eventually(async () => {
    const rows = await server.deps.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, ids), eq(devices.online, true)));
    return rows.length === 0;
  }, 'the fleet offline');
}, 60_000);

afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

describe('a fleet reconnecting at once', () => {
  it('costs the database few statements per connect', async () => {
    const watch = watchStatements(server);
    await settled(watch.sent);
    watch.sent.splice(0);
    await connectAll();
    await settled(watch.sent);
    watch.stop();
    const sent = watch.sent.filter((s) => !WORKERS.test(s));

    const online = await server.deps.db
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(
          inArray(
            devices.id,
            fleet.map((d) => d.id),
          ),
          eq(devices.online, true),
        ),
      );
    expect(online).toHaveLength(FLEET);
    console.log(`${sent.length} statements for ${FLEET} connects`, tally(sent));
    // no report of states unchanged opened a transaction to swap them (one each before)
    expect(sent.filter((n) => n === 'insert device_alert_states')).toEqual([]);
    // The bound holds where a storm queues: the embedded database runs one statement at a time, so
    // the connects of a moment wait together and share their statements. PostgreSQL answers each in
    // well under the batches' 2 ms on a pool of connections: when the connects spread over a few
    // hundred ms (a quiet machine) the batches hold one or two, and there is no queue to shorten.
    if (server.database.kind === 'pglite') expect(sent.length / FLEET).toBeLessThanOrEqual(PER_CONNECT);
  }, 60_000);

  it("answers each report of one statement with its own device's row, and fails only a report refused", async () => {
    const [a, b, c] = fleet;
    const watch = watchStatements(server);
    const at = new Date();
    const writes = server.deps.deviceLink.telemetryWrites;
    const results = await Promise.allSettled([
      writes.add({ deviceId: a!.id, patch: { volume: 3 }, extra: { firmwareVersion: '9.9.1' }, at }),
      // jsonb holds no NUL character: PostgreSQL refuses the statement for this row (22P05)
      writes.add({ deviceId: b!.id, patch: { network: 'bad\u0000' }, extra: {}, at }),
      writes.add({ deviceId: c!.id, patch: { volume: 5 }, extra: { printerState: 'coverOpen' }, at }),
      writes.add({ deviceId: 2_000_000_000, patch: { volume: 1 }, extra: {}, at }),
    ]);
    watch.stop();
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    // the fleet is back online (the test before); no such device: undefined
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'refused'))).toEqual([
      true,
      'refused',
      true,
      undefined,
    ]);
    const rows = await server.deps.db
      .select({ id: devices.id, telemetry: devices.telemetry, firmware: devices.firmwareVersion })
      .from(devices)
      .where(inArray(devices.id, [a!.id, b!.id, c!.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a!.id)).toMatchObject({ telemetry: { volume: 3 }, firmware: '9.9.1' });
    expect((byId.get(b!.id)!.telemetry as { network: unknown }).network).not.toBe('bad\u0000');
    expect(byId.get(c!.id)!.telemetry).toMatchObject({ volume: 5, printer: { state: 'coverOpen' } });
    // one statement for all four, refused; then by halves until the refused one is alone (2n - 1 at most)
    const runs = watch.sent.filter((n) => n === 'link.telemetries').length;
    expect(runs).toBeGreaterThan(1);
    expect(runs).toBeLessThanOrEqual(7);
  });
  it('records reports that change no state together; only a change or a late report opens a transaction', async () => {
    const ten = fleet.slice(0, 10);
    const [changes, late] = fleet.slice(10, 12);
    const states = async () =>
      new Map((await server.deps.db.select().from(deviceAlertStates)).map((r) => [r.deviceId, r] as const));
    const before = await states();
    const t = Date.now() + 1_000;
    const watch = watchStatements(server);
    const sent = await Promise.all([
      ...ten.map((d, i) => raiseStateAlerts(server.deps, d, { ts: t + i, printerState: 'normal' })),
      raiseStateAlerts(server.deps, changes!, { ts: t, printerState: 'outOfPaper' }),
      raiseStateAlerts(server.deps, late!, {
        ts: before.get(late!.id)!.reportedAt.getTime() - 1,
        printerState: 'coverOpen',
      }),
    ]);
    watch.stop();
    expect(sent.slice(0, 10).every((r) => r.sent === 0)).toBe(true);
    const after = await states();
    for (const [i, d] of ten.entries()) {
      expect(after.get(d.id)!.reportedAt.getTime()).toBe(t + i);
      expect(new Set(after.get(d.id)!.active)).toEqual(new Set(before.get(d.id)!.active));
    }
    expect(after.get(changes!.id)!.active).toContain('outOfPaper');
    // older than the last report: nothing changes
    expect(after.get(late!.id)).toEqual(before.get(late!.id));
    // the swap in a delivering transaction only for the change and the late report (one each before: twelve)
    expect(watch.sent.filter((n) => n === 'insert device_alert_states')).toHaveLength(2);
    expect(watch.sent.filter((n) => n === 'alerts.record-unchanged').length).toBeLessThanOrEqual(2);
  });
});
