import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_PRINT_PARAMS, DeviceStatus } from '@herald/contract';
import { Fleet, snOf, type DeviceOptions } from '@herald/device-sim';
import { devices } from '../src/db/schema';
import { seedAccount } from './fixtures';
import { startServer } from './harness';
import { seedModel } from './devices-fixture';
import { tempDataDir, waitUntil } from './ota-fixture';
import { uniq } from './people';

/**
 * The setup the OTA campaign suites share: a server whose task "minute" is `minuteMs` (engine
 * tick 100 ms) listening on loopback, since devices download over HTTP from the signed URLs; an
 * account and a model; simulated printers on the embedded broker, stopped after the file.
 */
export type OtaBench = {
  server: Awaited<ReturnType<typeof startServer>>;
  A: Awaited<ReturnType<typeof seedAccount>>;
  model: Awaited<ReturnType<typeof seedModel>>;
};

/** The body of an upgrade task over named devices: no retries, 30 minutes to answer, `extra` on top. */
export const deviceTaskBody = (packageId: number, deviceIds: number[], extra: Record<string, unknown> = {}) => ({
  name: `Task ${uniq()}`,
  type: 0,
  retries: 0,
  timeoutMinutes: 30,
  packageId,
  scope: 'devices',
  deviceIds,
  ...extra,
});

export const OLD = '1.00.00.01';
export const NEW = '1.00.00.02';

export function otaBench(minuteMs: number, env: Record<string, string> = {}): OtaBench {
  const bench = {} as OtaBench;
  const fleets: Fleet[] = [];
  beforeAll(async () => {
    bench.server = await startServer({
      DATA_DIR: tempDataDir(),
      OTA_TICK_MS: '100',
      OTA_MINUTE_MS: String(minuteMs),
      ...env,
    });
    await bench.server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = bench.server.app.server.address() as { port: number };
    bench.server.deps.config.publicUrl = `http://127.0.0.1:${port}`;
    bench.A = await seedAccount(bench.server);
    bench.model = await seedModel(bench.server);
  });
  afterAll(async () => {
    await Promise.all(fleets.map((f) => f.stop()));
    await bench.server?.close();
  }, 60_000);
  fleetsOf.set(bench, fleets);
  return bench;
}

const fleetsOf = new WeakMap<OtaBench, Fleet[]>();

/** `count` enabled devices of A (in `groupId`, of the bench's model unless told), straight in the database. */
export async function seedDevices(
  b: OtaBench,
  prefix: string,
  count: number,
  opts: { groupId?: number | null; modelId?: number } = {},
) {
  const secrets: Record<string, string> = {};
  const rows = Array.from({ length: count }, (_, i) => {
    const sn = snOf(prefix, i + 1);
    secrets[sn] = randomBytes(16).toString('hex');
    return {
      accountId: b.A.accountId,
      sn,
      modelId: opts.modelId ?? b.model.id,
      secret: secrets[sn],
      status: DeviceStatus.ENABLED,
      groupId: opts.groupId ?? null,
      printParams: DEFAULT_PRINT_PARAMS,
    };
  });
  const ids = (await b.server.deps.db.insert(devices).values(rows).returning({ id: devices.id })).map((r) => r.id);
  return { secrets, ids };
}

/** Simulated devices for `secrets` (numbers `firstNumber`.. of `prefix`), on the old firmware unless told. */
export async function startFleet(
  b: OtaBench,
  prefix: string,
  secrets: Record<string, string>,
  opts: { firstNumber?: number; count?: number; device?: Partial<DeviceOptions> } = {},
) {
  const fleet = new Fleet({
    mqttUrl: b.server.deps.gateway.endpoints().mqtt!,
    count: opts.count ?? Object.keys(secrets).length,
    firstNumber: opts.firstNumber ?? 1,
    snPrefix: prefix,
    modelCode: b.model.code,
    secrets,
    device: { firmware: OLD, ...opts.device },
  });
  fleetsOf.get(b)!.push(fleet);
  await fleet.start();
  return fleet;
}

export async function onlineCount(b: OtaBench, sns: string[]) {
  const rows = await b.server.deps.db.select({ online: devices.online }).from(devices).where(inArray(devices.sn, sns));
  return rows.filter((r) => r.online).length;
}

/** `count` devices of A, online; the fleet in S/N (and device id) order. */
export async function onlineFleet(
  b: OtaBench,
  count: number,
  device: Partial<DeviceOptions> = {},
  opts: { groupId?: number | null } = {},
) {
  const prefix = `P${uniq()}`.toUpperCase().slice(0, 10);
  const { secrets, ids } = await seedDevices(b, prefix, count, opts);
  const fleet = await startFleet(b, prefix, secrets, { device });
  const sns = fleet.devices.map((d) => d.sn);
  await waitUntil(async () => (await onlineCount(b, sns)) === count, `${count} devices online`);
  return { fleet, ids, prefix };
}
