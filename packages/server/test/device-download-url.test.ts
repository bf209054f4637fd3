import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualDevice } from '@herald/device-sim';
import { deviceLogs } from '../src/db/schema';
import { createLogUpload } from '../src/modules/devices/actions';
import { fileDownloadInfo } from '../src/modules/files/service';
import { expectOk, startServer } from './harness';
import { seedAccount } from './fixtures';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { freePort } from './mosquitto';
import { onlineInDb, simDevice } from './open-api-fixture';
import { seedFirmware, tempDataDir } from './ota-fixture';

/**
 * DEVICE_DOWNLOAD_URL: the address devices are sent to for Herald's files and log uploads, when
 * they reach Herald by another address than the console's PUBLIC_URL. Here PUBLIC_URL is a closed
 * loopback port and only DEVICE_DOWNLOAD_URL reaches the server, so an upgrade and a log upload
 * can only succeed through it.
 */
const CLOSED = 'http://127.0.0.1:1';

let server: Awaited<ReturnType<typeof startServer>>;
let deviceBase: string;
let A: Awaited<ReturnType<typeof seedAccount>>;
let modelId: number;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  const port = await freePort();
  deviceBase = `http://127.0.0.1:${port}`;
  server = await startServer({
    DATA_DIR: tempDataDir(),
    PUBLIC_URL: CLOSED,
    // a trailing slash is dropped, as for PUBLIC_URL
    DEVICE_DOWNLOAD_URL: `${deviceBase}/`,
    OTA_TICK_MS: '100',
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  A = await seedAccount(server);
  modelId = (await seedModel(server)).id;
});
afterAll(async () => {
  await Promise.all(sims.map((d) => d.stop()));
  await server?.close();
});

async function onlineSim() {
  const d = await seedDevice(server, A.accountId, modelId);
  const sim = simDevice(sims, server.deps.gateway.endpoints().mqtt!, d, { firmware: '1.00.00.01', otaRebootMs: 50 });
  sim.start();
  await sim.waitOnline();
  await onlineInDb(server, d.id);
  return { d, sim };
}

describe('DEVICE_DOWNLOAD_URL', () => {
  it('is where an upgrade offer sends the device for its file, and the device installs it from there', async () => {
    const fw = await seedFirmware(server, { accountId: A.accountId, modelId, version: '1.00.00.02' });
    expect((await fileDownloadInfo(server.deps, fw.fileId)).url).toMatch(
      new RegExp(`^${deviceBase}/device/v1/files/${fw.fileId}\\?exp=\\d+&sig=[0-9a-f]{64}$`),
    );
    const { sim } = await onlineSim();
    const task = expectOk(
      await A.client.post('/v1/ota-tasks', {
        name: 'via the device address',
        type: 0,
        packageId: fw.id,
        scope: 'sn',
        sns: [sim.sn],
      }),
    );
    // the first attempt's outcome: a download from PUBLIC_URL would fail it (downloadFailed)
    const attempt = await eventually(async () => {
      const e = sim.upgrades[0];
      return e && e.outcome !== 'running' ? e : undefined;
    }, 'the first attempt ends');
    expect(attempt.steps.find((s) => s.step === 'failed')).toBeUndefined();
    expect(attempt.outcome).toBe('installed');
    await eventually(async () => {
      const [e] = expectOk(await A.client.get(`/v1/ota-tasks/${task.id}/executions`)).list;
      return e.state === 'succeeded';
    }, 'the upgrade succeeded');
    expect(sim.state.firmware).toBe('1.00.00.02');
  });

  it('is where a log upload goes', async () => {
    const { d } = await onlineSim();
    const { url, logId } = await createLogUpload(server.deps, d.id);
    expect(url.startsWith(`${deviceBase}/device/v1/logs/`)).toBe(true);
    const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'boot ok\n' });
    expect(((await res.json()) as { code: number }).code).toBe(20000);
    const [log] = await server.deps.db.select().from(deviceLogs).where(eq(deviceLogs.id, logId));
    expect(log!.content!.toString()).toBe('boot ok\n');
  });
});
