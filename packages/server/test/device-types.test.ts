import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceStatus, type DeviceTypeOverview } from '@herald/contract';
import { devices } from '../src/db/schema';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, type Client, expectError, expectOk, startServer } from './harness';
import { createDevice, createModel } from './fleet';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
});
afterAll(async () => {
  await server?.close();
});

const overview = async (c: Client, lang: 'zh_CN' | 'en_US' = 'en_US') =>
  expectOk(await c.withLang(lang).get('/v1/device-types/overview')) as DeviceTypeOverview[];

describe("the operators' device-types screen", () => {
  it("lists every type in the reader's language with its models and their devices of all accounts", async () => {
    const types = expectOk(await op.get('/v1/device-types')) as { id: number; code: string }[];
    const printerType = types.find((t) => t.code === 'cloud-printer')!;
    const model = await createModel(op, { deviceTypeId: printerType.id });
    const other = await createModel(op, { deviceTypeId: printerType.id });
    const A = await seedAccount(server);
    const B = await seedAccount(server);
    await createDevice(A.client, model.id);
    await createDevice(B.client, model.id);
    // a deleted device is no longer counted, as in the model list
    const gone = await createDevice(A.client, model.id);
    await server.deps.db.update(devices).set({ status: DeviceStatus.DELETED }).where(eq(devices.id, gone.id));
    await createDevice(B.client, other.id);

    const en = await overview(op);
    expect(en.map((t) => t.code)).toEqual(types.map((t) => t.code));
    const printers = en.find((t) => t.code === 'cloud-printer')!;
    expect(printers.name).toBe('Cloud printer');
    expect(printers.models.find((m) => m.id === model.id)).toEqual({
      id: model.id,
      name: model.name,
      code: model.code,
      status: 1,
      deviceCount: 2,
    });
    expect(printers.models.find((m) => m.id === other.id)?.deviceCount).toBe(1);
    expect(printers.deviceCount).toBe(printers.models.reduce((n, m) => n + m.deviceCount, 0));
    // a model of another type (or of none) is not listed under this one
    const untyped = await createModel(op);
    expect((await overview(op)).flatMap((t) => t.models).some((m) => m.id === untyped.id)).toBe(false);
    expect((await overview(op, 'zh_CN')).find((t) => t.code === 'cloud-printer')!.name).toBe('云打印机');
  });

  it('is described in the OpenAPI document with its answer', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const get = doc.paths['/v1/device-types/overview']?.get;
    expect(get?.summary).toBeTruthy();
    expect(JSON.stringify(get?.responses?.['200'])).toContain('deviceCount');
  });

  it('is for operators holding its permission only', async () => {
    const A = await seedAccount(server);
    expectError(await A.client.get('/v1/device-types/overview'), 40003);
    const without = await seedRoleUser(server, { side: 'op', permissions: ['herald.device.model.query'] });
    expectError(await without.client.get('/v1/device-types/overview'), 40003);
    const reader = await seedRoleUser(server, { side: 'op', permissions: ['herald.device.type.query'] });
    expect((await overview(reader.client)).length).toBeGreaterThan(0);
  });
});
