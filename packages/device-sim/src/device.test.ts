import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualDevice } from './device';

let server: net.Server | undefined;
afterEach(() => server?.close());

describe('VirtualDevice events', () => {
  it("emits no 'offline' for attempts that never came online", async () => {
    let attempts = 0;
    // a loopback peer that accepts TCP and hangs up at once: every MQTT attempt fails
    server = net.createServer((s) => {
      attempts++;
      s.destroy();
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    const d = new VirtualDevice({
      sn: 'SIMTEST01',
      secret: 'x'.repeat(32),
      mqttUrl: `mqtt://127.0.0.1:${port}`,
      backoffMinMs: 20,
      backoffMaxMs: 40,
    });
    let offline = 0;
    d.on('offline', () => offline++);
    d.start();
    await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await d.stop();
    expect(offline).toBe(0);
    expect(d.online).toBe(false);
  });
});
