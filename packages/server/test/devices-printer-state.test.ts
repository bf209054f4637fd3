import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@herald/contract';
import { VirtualDevice } from '@herald/device-sim';
import { handleUplink } from '../src/modules/device-link/service';
import { seedAccount } from './fixtures';
import { adminClient, expectOk, startServer } from './harness';
import { createDevice, createModel } from './fleet';
import { eventually } from './devices-fixture';

/** The device list carries each printer's state from its latest telemetry (the console's printer-state column). */
let server: Awaited<ReturnType<typeof startServer>>;
let A: Awaited<ReturnType<typeof seedAccount>>;
let op: Awaited<ReturnType<typeof adminClient>>;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  server = await startServer();
  A = await seedAccount(server);
  op = await adminClient(server);
});
afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

describe('printer state in the device list', () => {
  it('is null until the device reports, then follows its telemetry and state events', async () => {
    const model = await createModel(op);
    const d = await createDevice(A.client, model.id);
    const row = async () => expectOk(await A.client.get(`/v1/devices?sn=${d.sn}`)).list[0];
    expect((await row()).printerState).toBeNull();

    const sim = new VirtualDevice({ sn: d.sn, secret: d.secret, mqttUrl: server.deps.gateway.endpoints().mqtt! });
    sims.push(sim);
    sim.start();
    await sim.waitOnline();
    await eventually(async () => (await row()).printerState === 'normal', 'printer state normal');

    sim.injectFault('paper-out');
    await eventually(async () => (await row()).printerState === 'outOfPaper', 'printer state outOfPaper');
    // the same value the detail's telemetry holds
    const detail = expectOk(await A.client.get(`/v1/devices/${d.id}`));
    expect(detail.printerState).toBe('outOfPaper');
    expect(detail.telemetry.printer.state).toBe('outOfPaper');

    sim.clearFault('paper-out');
    await eventually(async () => (await row()).printerState === 'normal', 'printer state back to normal');
  });

  it('a state event and the telemetry right behind it are stored in the order they came', async () => {
    const model = await createModel(op);
    const d = await createDevice(A.client, model.id);
    const ref = { id: d.id, sn: d.sn };
    const send = (kind: 'event' | 'telemetry', body: Record<string, unknown>) =>
      handleUplink(server.deps, ref, kind, Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, ...body })), {
        presenceFromMessages: false,
      });
    const telemetry = async () => expectOk(await A.client.get(`/v1/devices/${d.id}`)).telemetry;
    const ts = Date.now();

    // as the broker hands them over, one right behind the other: the event is older
    await Promise.all([
      send('event', { ts, type: 'printerState', printerState: 'outOfPaper' }),
      send('telemetry', { ts: ts + 1, printer: { state: 'normal', paperWidth: 58 } }),
    ]);
    expect((await telemetry()).printer).toEqual({ state: 'normal', paperWidth: 58 });

    // and the other way round; the event changes the state and keeps the paper width
    await Promise.all([
      send('telemetry', { ts: ts + 2, printer: { state: 'normal', paperWidth: 58 } }),
      send('event', { ts: ts + 3, type: 'printerState', printerState: 'coverOpen' }),
    ]);
    expect((await telemetry()).printer).toEqual({ state: 'coverOpen', paperWidth: 58 });
  });
});
