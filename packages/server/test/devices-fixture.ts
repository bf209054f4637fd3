import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { DEFAULT_PRINT_PARAMS, DeviceStatus } from '@herald/contract';
import { mqttCredentials } from '@herald/contract/device-sign';
import type { Server } from '../src/app';
import { applications, deviceGroups, devices, licences, manufacturers, models } from '../src/db/schema';
import { PNG_1X1 } from './fleet';
import { uniq } from './people';

/**
 * Fleet rows straight in the database, for the device-link and gateway tests (the fleet REST
 * API is tested on its own).
 */
const PNG = Buffer.from(PNG_1X1, 'base64');

export async function seedModel(server: Server, opts: { status?: number; type?: string } = {}) {
  const code = `M${uniq()}`.toUpperCase();
  const [m] = await server.deps.db
    .insert(models)
    .values({
      name: `Model ${code}`,
      code,
      type: opts.type ?? 'printer',
      image: PNG,
      imageMime: 'image/png',
      status: opts.status ?? 1,
    })
    .returning();
  return m!;
}

export async function seedApplication(
  server: Server,
  accountId: number,
  opts: { accessType?: number; autoRegister?: boolean } = {},
) {
  const n = uniq();
  const [a] = await server.deps.db
    .insert(applications)
    .values({
      accountId,
      name: `App ${n}`,
      type: 3,
      accessType: opts.accessType ?? 1,
      autoRegister: opts.autoRegister ?? true,
      appKey: `ak${n}`,
      appSecret: randomBytes(16).toString('hex'),
      signKey: randomBytes(16).toString('hex'),
    })
    .returning();
  return a!;
}

export async function seedManufacturer(server: Server, maxDevices?: number) {
  const n = uniq();
  const [m] = await server.deps.db
    .insert(manufacturers)
    .values({ name: `Maker ${n}`, code: `MK${n}` })
    .returning();
  if (maxDevices !== undefined) {
    await server.deps.db.insert(licences).values({
      manufacturerId: m!.id,
      number: `LIC${n}`,
      validFrom: new Date(Date.now() - 86_400_000),
      validTo: new Date(Date.now() + 86_400_000),
      maxDevices,
    });
  }
  return m!;
}

export async function seedDevice(
  server: Server,
  accountId: number,
  modelId: number,
  opts: { sn?: string; status?: number; manufacturerId?: number; appId?: number; secret?: string | null } = {},
) {
  const sn = opts.sn ?? `T${uniq()}`.toUpperCase();
  const secret = opts.secret === undefined ? randomBytes(16).toString('hex') : opts.secret;
  const [d] = await server.deps.db
    .insert(devices)
    .values({
      accountId,
      sn,
      modelId,
      secret,
      status: opts.status ?? DeviceStatus.ENABLED,
      manufacturerId: opts.manufacturerId ?? null,
      appId: opts.appId ?? null,
      printParams: DEFAULT_PRINT_PARAMS,
    })
    .returning();
  return d!;
}

export async function deviceRow(server: Server, id: number) {
  const [d] = await server.deps.db.select().from(devices).where(eq(devices.id, id));
  return d!;
}

export async function defaultGroup(server: Server, accountId: number) {
  const [g] = await server.deps.db
    .select()
    .from(deviceGroups)
    .where(and(eq(deviceGroups.accountId, accountId), eq(deviceGroups.isDefault, true)));
  return g;
}

/**
 * Poll until `check` returns a truthy value (no fixed sleeps: the test timeout bounds it): 2,000
 * tries at least, and for `atLeastMs` at least (work whose length grows with a loaded machine).
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  what = 'condition',
  atLeastMs = 0,
): Promise<T> {
  const until = Date.now() + atLeastMs;
  for (let i = 0; ; i++) {
    const v = await check();
    if (v) return v;
    if (i > 2000 && Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A plain MQTT connection attempt as a device; resolves with the CONNACK return code
 * (0 = accepted) and the client when accepted.
 */
export async function connectAs(
  url: string,
  sn: string,
  secret: string,
  opts: { ts?: number; password?: string; clientId?: string; username?: string } = {},
): Promise<{ code: number; client?: mqtt.MqttClient }> {
  const creds = mqttCredentials(sn, secret, opts.ts ?? Date.now());
  const client = mqtt.connect(url, {
    ...creds,
    ...(opts.password !== undefined ? { password: opts.password } : {}),
    ...(opts.clientId !== undefined ? { clientId: opts.clientId } : {}),
    ...(opts.username !== undefined ? { username: opts.username } : {}),
    protocolVersion: 4,
    reconnectPeriod: 0,
    clean: true,
  });
  return new Promise((resolve) => {
    client.once('connect', () => resolve({ code: 0, client }));
    client.once('error', (err) => {
      client.end(true);
      resolve({ code: (err as { code?: number }).code ?? -1 });
    });
  });
}
