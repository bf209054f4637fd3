import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualDevice } from '@herald/device-sim';
import { seedAccount } from './fixtures';
import { adminClient, expectOk, startServer } from './harness';
import { createDevice, createModel } from './fleet';
import { eventually } from './devices-fixture';

/** The device list carries each printer's state from its latest telemetry (the console's printer-state column). */
let server: Awaited<ReturnType<typeof startServer>>;
let A: Awaited<ReturnType<typeof seedAccount>>;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  server = await startServer();
  A = await seedAccount(server);
});
afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

describe('printer state in the device list', () => {
  it('is null until the device reports, then follows its telemetry and state events', async () => {
    const op = await adminClient(server);
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
});
