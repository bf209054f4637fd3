import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSION,
  topics,
  type Ack,
  type ConfigMessage,
  type OtaOffer,
  type OtaProgress,
  type Presence,
} from '@herald/contract';
import { VirtualDevice } from './device';

/**
 * The simulator's side of over-the-air upgrades and push tasks against a plain broker (Aedes,
 * no authentication) and a loopback HTTP server holding the file: what the device acks, which
 * steps it reports and which version it comes back with.
 */
let broker: Aedes;
let mqttServer: net.Server;
let fileServer: http.Server;
let mqttUrl = '';
let httpUrl = '';
let server: MqttClient;
/** what devices sent, by topic kind */
const up: { sn: string; kind: string; payload: Record<string, unknown> }[] = [];
const file = crypto.randomBytes(200_000);
const md5 = crypto.createHash('md5').update(file).digest('hex');
const sha256 = crypto.createHash('sha256').update(file).digest('hex');
let downloads = 0;

beforeAll(async () => {
  broker = await Aedes.createBroker();
  mqttServer = net.createServer((s) => broker.handle(s));
  await new Promise<void>((r) => mqttServer.listen(0, '127.0.0.1', r));
  mqttUrl = `mqtt://127.0.0.1:${(mqttServer.address() as net.AddressInfo).port}`;
  fileServer = http.createServer((req, res) => {
    downloads++;
    if (req.url === '/missing') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-length': file.length, 'content-type': 'application/octet-stream' });
    // in pieces, so the device sees a stream and reports progress along the way
    let at = 0;
    const next = () => {
      if (at >= file.length) return res.end();
      res.write(file.subarray(at, at + 32_768));
      at += 32_768;
      setImmediate(next);
    };
    next();
  });
  await new Promise<void>((r) => fileServer.listen(0, '127.0.0.1', r));
  httpUrl = `http://127.0.0.1:${(fileServer.address() as net.AddressInfo).port}`;
  server = await mqtt.connectAsync(mqttUrl, { clientId: 'herald-test', protocolVersion: 4 });
  await server.subscribeAsync(topics.serverUplink, { qos: 1 });
  server.on('message', (topic, raw) => {
    const t = topics.parse(topic);
    if (t) up.push({ sn: t.sn, kind: t.kind, payload: JSON.parse(raw.toString('utf8')) });
  });
});

afterAll(async () => {
  await server?.endAsync();
  await new Promise<void>((r) => broker.close(() => r()));
  mqttServer?.close();
  fileServer?.close();
});

const devices: VirtualDevice[] = [];
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.stop()));
});

let n = 0;
async function device(opts: Partial<ConstructorParameters<typeof VirtualDevice>[0]> = {}) {
  const d = new VirtualDevice({
    sn: `OTATEST${String(++n).padStart(3, '0')}`,
    secret: 'x'.repeat(32),
    mqttUrl,
    firmware: '1.00.00.01',
    otaInstallMs: 20,
    otaRebootMs: 50,
    backoffMinMs: 20,
    backoffMaxMs: 100,
    ...opts,
  });
  devices.push(d);
  d.start();
  await d.waitOnline();
  return d;
}

function offer(d: VirtualDevice, over: Partial<OtaOffer> = {}): OtaOffer {
  const o: OtaOffer = {
    v: PROTOCOL_VERSION,
    id: crypto.randomUUID(),
    ts: Date.now(),
    expireAt: Date.now() + 60_000,
    kind: 'firmware',
    name: 'app',
    version: '1.00.00.02',
    url: `${httpUrl}/fw.bin`,
    size: file.length,
    md5,
    sha256,
    timeoutMinutes: 10,
    ...over,
  };
  void server.publishAsync(topics.down(d.sn, 'ota'), JSON.stringify(o), { qos: 1 });
  return o;
}

const sent = (d: VirtualDevice, kind: string) => up.filter((u) => u.sn === d.sn && u.kind === kind);
const steps = (d: VirtualDevice, id: string) =>
  sent(d, 'ota')
    .map((u) => u.payload as OtaProgress)
    .filter((p) => p.id === id);
const acks = (d: VirtualDevice, id: string) =>
  sent(d, 'ack')
    .map((u) => u.payload as Ack)
    .filter((a) => a.id === id);
const lastOnline = (d: VirtualDevice) =>
  sent(d, 'presence')
    .map((u) => u.payload as Presence)
    .filter((p) => p.online)
    .at(-1);

describe('VirtualDevice over-the-air upgrades', () => {
  it('downloads, verifies, installs, reboots and comes back on the new version', async () => {
    const d = await device();
    const o = offer(d);
    await expect.poll(() => d.upgrades[0]?.outcome, { timeout: 10_000 }).toBe('installed');
    await expect.poll(() => d.connects, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => lastOnline(d)?.firmware, { timeout: 10_000 }).toBe('1.00.00.02');
    expect(lastOnline(d)?.resources).toEqual({ zh_CN: '1.00.00.01' });
    expect(acks(d, o.id).map((a) => [a.code, a.ts])).toEqual([['ok', o.ts]]);
    const reported = steps(d, o.id);
    expect(reported.map((p) => p.step)).toEqual(expect.arrayContaining(['downloading', 'verifying', 'installing']));
    expect(reported.at(-1)?.step).toBe('rebooting');
    // progress goes up a few times on the way
    const pct = reported.filter((p) => p.step === 'downloading').map((p) => p.progress);
    expect(pct[0]).toBe(0);
    expect(pct.at(-1)).toBe(100);
    expect(pct.length).toBeGreaterThan(2);
    expect(d.state.firmware).toBe('1.00.00.02');
    expect(d.upgrades[0]).toMatchObject({ from: '1.00.00.01', version: '1.00.00.02' });
    await expect
      .poll(() => sent(d, 'event').some((e) => e.payload.type === 'boot' && e.payload.firmware === '1.00.00.02'))
      .toBe(true);
  });

  it('a resource pack lands in resources[name]', async () => {
    const d = await device();
    offer(d, { kind: 'resource', name: 'lang.th', version: '2.0.0' });
    await expect.poll(() => lastOnline(d)?.resources?.['lang.th'], { timeout: 10_000 }).toBe('2.0.0');
    expect(d.state.firmware).toBe('1.00.00.01');
  });

  it('a transient download failure fails that offer; a new offer succeeds', async () => {
    const d = await device();
    d.injectFault('ota-download-fail');
    const first = offer(d);
    await expect.poll(() => steps(d, first.id).at(-1)?.step, { timeout: 10_000 }).toBe('failed');
    expect(steps(d, first.id).at(-1)).toMatchObject({ reason: 'downloadFailed' });
    expect(d.faults.has('ota-download-fail')).toBe(false);
    const retry = offer(d);
    await expect.poll(() => steps(d, retry.id).at(-1)?.step, { timeout: 10_000 }).toBe('rebooting');
    await expect.poll(() => lastOnline(d)?.firmware, { timeout: 10_000 }).toBe('1.00.00.02');
  });

  it('an HTTP error is a download failure', async () => {
    const d = await device();
    const o = offer(d, { url: `${httpUrl}/missing` });
    await expect.poll(() => steps(d, o.id).at(-1)?.reason, { timeout: 10_000 }).toBe('downloadFailed');
    expect(steps(d, o.id).at(-1)?.message).toMatch(/404/);
  });

  it('a file that does not verify fails with checksumMismatch and keeps the old version', async () => {
    const d = await device();
    const o = offer(d, { sha256: 'f'.repeat(64) });
    await expect.poll(() => steps(d, o.id).at(-1)?.step, { timeout: 10_000 }).toBe('failed');
    expect(steps(d, o.id).at(-1)).toMatchObject({ reason: 'checksumMismatch' });
    expect(steps(d, o.id).map((p) => p.step)).toContain('verifying');
    expect(d.state.firmware).toBe('1.00.00.01');
    expect(d.upgrades[0]?.outcome).toBe('failed');
    expect(d.connects).toBe(1);

    d.injectFault('ota-bad-checksum');
    const again = offer(d);
    await expect.poll(() => steps(d, again.id).at(-1)?.reason, { timeout: 10_000 }).toBe('checksumMismatch');
  });

  it('a crash mid-install drops the connection without a word and comes back on the old version', async () => {
    const d = await device();
    d.injectFault('ota-crash-install');
    const o = offer(d);
    await expect.poll(() => d.upgrades[0]?.outcome, { timeout: 10_000 }).toBe('crashed');
    await expect.poll(() => d.connects, { timeout: 10_000 }).toBe(2);
    await d.waitOnline();
    expect(steps(d, o.id).at(-1)?.step).toBe('installing');
    expect(lastOnline(d)?.firmware).toBe('1.00.00.01');
    // the broker published the last will: no orderly goodbye
    const offline = sent(d, 'presence')
      .map((u) => u.payload as Presence)
      .filter((p) => !p.online);
    expect(offline.map((p) => p.reason)).toEqual(['lost']);
  });

  it('never-returns stays offline after rebooting until started again', async () => {
    const d = await device();
    d.injectFault('ota-never-returns', 1);
    const o = offer(d);
    await expect.poll(() => steps(d, o.id).at(-1)?.step, { timeout: 10_000 }).toBe('rebooting');
    // started again the moment it drops, while it is still saying goodbye: it must come back
    await expect.poll(() => d.online, { timeout: 10_000, interval: 1 }).toBe(false);
    expect(d.connects).toBe(1);
    d.start();
    await d.waitOnline();
    await expect.poll(() => lastOnline(d)?.firmware, { timeout: 10_000 }).toBe('1.00.00.02');
  });

  it('does a repeated offer id once, answers a second offer of the same kind busy, refuses an expired one', async () => {
    const d = await device({ otaInstallMs: 300 });
    const o = offer(d);
    const before = downloads;
    void server.publishAsync(topics.down(d.sn, 'ota'), JSON.stringify({ ...o, ts: o.ts + 1 }), { qos: 1 });
    await expect.poll(() => acks(d, o.id).length, { timeout: 10_000 }).toBe(2);
    expect(acks(d, o.id).map((a) => a.code)).toEqual(['ok', 'ok']);
    await expect.poll(() => d.upgrades[0]?.steps.some((s) => s.step === 'installing'), { timeout: 10_000 }).toBe(true);
    const other = offer(d, { version: '1.00.00.03' });
    await expect.poll(() => acks(d, other.id)[0]?.code, { timeout: 10_000 }).toBe('busy');
    await expect.poll(() => d.connects, { timeout: 10_000 }).toBe(2);
    expect(d.upgrades).toHaveLength(1);
    expect(downloads - before).toBe(1);
    expect(d.state.firmware).toBe('1.00.00.02');

    const late = offer(d, { expireAt: Date.now() - 1 });
    await expect.poll(() => acks(d, late.id)[0]?.code, { timeout: 10_000 }).toBe('expired');
    expect(d.upgrades).toHaveLength(1);
  });

  it('a low battery refuses the upgrade', async () => {
    const d = await device();
    d.injectFault('low-battery');
    const o = offer(d);
    await expect.poll(() => steps(d, o.id).at(-1)?.reason, { timeout: 10_000 }).toBe('lowBattery');
  });
});

describe('VirtualDevice push-task messages (down/config)', () => {
  function push(d: VirtualDevice, over: Partial<ConfigMessage>): ConfigMessage {
    const m = {
      v: PROTOCOL_VERSION,
      id: crypto.randomUUID(),
      ts: Date.now(),
      expireAt: Date.now() + 60_000,
      type: 'config',
      ...over,
    } as ConfigMessage;
    void server.publishAsync(topics.down(d.sn, 'config'), JSON.stringify(m), { qos: 1 });
    return m;
  }

  it('merges print parameters, keeps messages, fetches resources, once per id', { timeout: 30_000 }, async () => {
    const d = await device({ kind: 'speaker' });
    const c = push(d, { type: 'config', config: { density: 'dark', volume: 30 } });
    await expect.poll(() => acks(d, c.id)[0]?.code, { timeout: 10_000 }).toBe('ok');
    expect(d.state.printParams).toMatchObject({ density: 'dark', volume: 30 });
    expect(d.state.volume).toBe(30);

    const m = push(d, { type: 'message', message: 'Closing at 6 pm today' });
    await expect.poll(() => acks(d, m.id).length, { timeout: 10_000 }).toBe(1);
    // QoS 1 delivers it again: answered again, not shown again
    void server.publishAsync(topics.down(d.sn, 'config'), JSON.stringify(m), { qos: 1 });
    await expect.poll(() => acks(d, m.id).length, { timeout: 10_000 }).toBe(2);
    expect(d.messages.map((x) => x.text)).toEqual(['Closing at 6 pm today']);
    expect(d.said).toEqual([{ text: 'Closing at 6 pm today' }]);

    const resource = { name: 'lang.th', version: '3.0.0', url: `${httpUrl}/th.pack`, size: file.length, md5, sha256 };
    const r = push(d, { type: 'resource', resource });
    await expect.poll(() => acks(d, r.id)[0]?.code, { timeout: 10_000 }).toBe('ok');
    expect(d.state.resources['lang.th']).toBe('3.0.0');

    const bad = push(d, { type: 'resource', resource: { ...resource, version: '3.0.1', md5: '0'.repeat(32) } });
    await expect.poll(() => acks(d, bad.id)[0], { timeout: 10_000 }).toMatchObject({ code: 'failed' });
    expect(acks(d, bad.id)[0]?.message).toMatch(/checksumMismatch/);
    expect(d.state.resources['lang.th']).toBe('3.0.0');

    const invalid = push(d, { type: 'config', config: { volume: 300 } as never });
    await expect.poll(() => acks(d, invalid.id)[0]?.code, { timeout: 10_000 }).toBe('invalid');
    expect(d.state.volume).toBe(30);
  });
});
