import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mqttCredentials } from '@herald/contract/device-sign';
import { Client, adminClient, expectOk, startServer, type TestServer } from './harness';
import { seedAccount } from './fixtures';
import { connectAs, eventually, seedDevice, seedModel } from './devices-fixture';

/**
 * "Revocation is enforced at connect time" (ARCHITECTURE.md), tried as an attacker who holds a
 * device's secret: a real MQTT client connecting with the device's own credentials, over TCP and
 * over WebSocket, to the embedded broker, after the device or its account was disabled, after the
 * server restarted on the same database, and after the account was enabled again while the device
 * stayed disabled. CONNACK 5 (not authorised) every time; a live connection is dropped at once.
 */
let server: TestServer;
let op: Client;
let shop: Awaited<ReturnType<typeof seedAccount>>;
let model: number;
const open: mqtt.MqttClient[] = [];

async function listen(s: TestServer): Promise<void> {
  await s.app.listen({ port: 0, host: '127.0.0.1' });
}
const urls = () => [
  server.deps.gateway.endpoints().mqtt!,
  `ws://127.0.0.1:${(server.app.server.address() as { port: number }).port}/mqtt`,
];

/** The CONNACK codes of a connection attempt over each transport (connections that got in stay open). */
async function attempt(device: { sn: string; secret: string | null }): Promise<number[]> {
  const codes: number[] = [];
  for (const url of urls()) {
    const r = await connectAs(url, device.sn, device.secret!);
    if (r.client) open.push(r.client);
    codes.push(r.code);
  }
  return codes;
}
const closeAll = () => Promise.all(open.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));

/** The account administrator's client on the server as it is now (a restart makes a new one). */
const shopOn = () => Object.assign(new Client(server), { token: shop.client.token });
const opOn = () => Object.assign(new Client(server), { token: op.token });
const setDevice = async (id: number, status: 1 | 2) =>
  expectOk(await shopOn().post('/v1/devices/status', { ids: [id], status }));
const setAccount = async (status: 0 | 1) =>
  expectOk(await opOn().post(`/v1/accounts/${shop.accountId}/status`, { status }));

const REFUSED = [5, 5];
const ACCEPTED = [0, 0];

beforeAll(async () => {
  server = await startServer();
  await listen(server);
  op = await adminClient(server);
  shop = await seedAccount(server);
  model = (await seedModel(server)).id;
});
afterAll(async () => {
  await closeAll();
  await server?.close();
});

describe('a disabled device, or a device of a disabled account, never connects', () => {
  it('after the disable, after a restart, and after its account alone is enabled again', async () => {
    const device = await seedDevice(server, shop.accountId, model);
    const sibling = await seedDevice(server, shop.accountId, model);
    expect(await attempt(device)).toEqual(ACCEPTED);
    await closeAll();

    // a live connection is dropped by the disable, and no new one gets in
    const kept = (await connectAs(urls()[0]!, device.sn, device.secret!)).client!;
    open.push(kept);
    await setDevice(device.id, 1);
    await eventually(async () => !kept.connected, 'the live connection dropped');
    expect(await attempt(device)).toEqual(REFUSED);
    expect(await attempt(sibling)).toEqual(ACCEPTED);
    await closeAll();

    // the account disabled: its other devices are refused too
    await setAccount(0);
    expect(await attempt(sibling)).toEqual(REFUSED);
    expect(await attempt(device)).toEqual(REFUSED);

    // a restart of the server on the same database changes nothing
    server = await server.restart();
    await listen(server);
    expect(await attempt(device)).toEqual(REFUSED);
    expect(await attempt(sibling)).toEqual(REFUSED);

    // the account enabled again: the device that was disabled on its own stays out, across a restart too
    await setAccount(1);
    expect(await attempt(sibling)).toEqual(ACCEPTED);
    expect(await attempt(device)).toEqual(REFUSED);
    await closeAll();
    server = await server.restart();
    await listen(server);
    expect(await attempt(device)).toEqual(REFUSED);

    // enabled again, it is let in
    await setDevice(device.id, 2);
    expect(await attempt(device)).toEqual(ACCEPTED);
    await closeAll();
  });

  it('connections racing the disable do not stay connected', { timeout: 60_000 }, async () => {
    const url = urls()[0]!;
    // a connection may also be closed before its CONNACK (replaced by a later one with the same id)
    const racer = (device: { sn: string; secret: string | null }) =>
      new Promise<mqtt.MqttClient | undefined>((resolve) => {
        const client = mqtt.connect(url, {
          ...mqttCredentials(device.sn, device.secret!, Date.now()),
          protocolVersion: 4,
          reconnectPeriod: 0,
          clean: true,
        });
        client.once('connect', () => resolve(client));
        client.once('error', () => resolve(undefined));
        client.once('close', () => resolve(client));
      });
    // the window is a few ms wide, so it is tried over and over, the disable a little later each time
    for (let round = 0; round < 16; round++) {
      const device = await seedDevice(server, shop.accountId, model);
      const racing = Array.from({ length: 12 }, () => racer(device));
      await new Promise((r) => setTimeout(r, round % 8));
      await setDevice(device.id, 1);
      for (const c of await Promise.all(racing)) if (c) open.push(c);
      expect(await attempt(device)).toEqual(REFUSED);
    }
    // whatever got in before the disable was seen is closed by the server, at once
    const until = Date.now() + 3_000;
    while (open.some((c) => c.connected) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(open.filter((c) => c.connected)).toHaveLength(0);
    await closeAll();
  });
});
