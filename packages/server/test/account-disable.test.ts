import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualDevice } from '@herald/device-sim';
import { seedAccount } from './fixtures';
import { adminClient, type Client, expectOk, startServer } from './harness';
import { deviceRow, eventually, seedDevice, seedModel } from './devices-fixture';
import { OpenClient, seedApiKey } from './open-api-fixture';

/**
 * Spec section 4: "Account: enabled or disabled; disabling makes all of its services
 * unavailable" — not only the console: its devices and its open API too, at once.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let admin: Client;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server);
});
afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

describe('disabling an account through POST /v1/accounts/:id/status', () => {
  it('drops its connected devices, refuses them and its open API until it is enabled again', async () => {
    const shop = await seedAccount(server);
    const neighbour = await seedAccount(server);
    const model = await seedModel(server);
    const row = await seedDevice(server, shop.accountId, model.id);
    const otherRow = await seedDevice(server, neighbour.accountId, model.id);
    const mqttUrl = server.deps.gateway.endpoints().mqtt!;
    const sim = (sn: string, secret: string) => {
      const d = new VirtualDevice({ sn, secret, mqttUrl, backoffMinMs: 50, backoffMaxMs: 200 });
      sims.push(d);
      d.start();
      return d;
    };
    const device = sim(row.sn, row.secret!);
    const otherDevice = sim(otherRow.sn, otherRow.secret!);
    await device.waitOnline();
    await otherDevice.waitOnline();
    await eventually(async () => (await deviceRow(server, row.id)).online, 'device online');
    const key = await seedApiKey(server, shop.accountId);
    const open = new OpenClient(server, key.appKey, key.secret);
    expect((await open.device({ sn: row.sn })).body.code).toBe(20000);

    const refused = new Promise<number>((r) => device.once('refused', r));
    expectOk(await admin.post(`/v1/accounts/${shop.accountId}/status`, { status: 0 }));
    // the live connection is dropped and every reconnection is refused (CONNACK 5, not authorised)
    expect(await refused).toBe(5);
    await eventually(async () => !(await deviceRow(server, row.id)).online, 'device offline');
    // the open API reads app keys through a 3-second cache (docs/open-api.md)
    const en = await eventually(async () => {
      const r = await open.device({ sn: row.sn });
      return r.body.code !== 20000 && r;
    }, 'open API refusal');
    expect([en.body.code, en.body.message]).toEqual([40014, 'This account is disabled']);
    const zh = await new OpenClient(server, key.appKey, key.secret, 'zh_CN').device({ sn: row.sn });
    expect([zh.body.code, zh.body.message]).toEqual([40014, '该账户已被禁用']);
    // another account's device is untouched
    expect((await deviceRow(server, otherRow.id)).online).toBe(true);
    expect(otherDevice.online).toBe(true);

    expectOk(await admin.post(`/v1/accounts/${shop.accountId}/status`, { status: 1 }));
    await device.waitOnline();
    await eventually(async () => (await deviceRow(server, row.id)).online, 'device back online');
    await eventually(async () => (await open.device({ sn: row.sn })).body.code === 20000, 'open API back');
  });
});
