import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeviceStatus,
  PROTOCOL_VERSION,
  RETENTION_DAYS,
  WEBHOOK_HEADERS,
  alertWebhookBodySchema,
  type Telemetry,
} from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { purgeExpiredRecords } from '../src/housekeeping/purge';
import { deviceAlertStates, devices, mails, messages, users, webhookDeliveries } from '../src/db/schema';
import { feed, type Numbered } from '../src/modules/live/feed';
import { handleUplink } from '../src/modules/device-link/service';
import { sendDueDigests } from '../src/modules/messages/alert-digest';
import { raiseOfflineAlerts } from '../src/modules/messages/alert-offline';
import { raiseStateAlerts } from '../src/modules/messages/alert-states';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, expectOk, startPeer, startServer, type TestServer } from './harness';
import { onlineInDb, seedApiKey, simDevice } from './open-api-fixture';
import { auditLines, expectInvalid } from './people';

/**
 * Alerts raised from what devices report, however it arrives, and the channels that carry them:
 * a simulated printer that reports "out of paper" only in its telemetry raises one alert and one
 * recovery; a speaker at 8 % that calls its battery "sufficient" is low by the account's
 * threshold; a flapping device's alerts past the limit are folded into one digest; e-mail lands
 * in the outbox once although two servers hear the report; the alert address receives a signed
 * webhook; each account sees and sets only its own channels.
 */

type Account = Awaited<ReturnType<typeof seedAccount>>;
let server: TestServer;
const sims: VirtualDevice[] = [];
let modelId: number;
let mqttUrl: string;
const DIGEST_MAX = 3;

beforeAll(async () => {
  server = await startServer({ WEBHOOK_ALLOW_PRIVATE: 'true', ALERT_DIGEST_MAX: String(DIGEST_MAX) });
  modelId = (await seedModel(server)).id;
  mqttUrl = server.deps.gateway.endpoints().mqtt!;
});

afterAll(async () => {
  await Promise.all(sims.map((s) => s.stop()));
  await server?.close();
});

const alertsOf = async (a: Account, deviceId: number) =>
  (
    await server.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, a.adminId), eq(messages.deviceId, deviceId)))
      .orderBy(messages.id)
  ).map((m) => ({ kind: m.alertKind, phase: m.alertPhase, title: m.title }));

const mailsTo = (to: string) => server.deps.db.select().from(mails).where(eq(mails.to, to)).orderBy(mails.id);

/** A device of the account, online on the embedded broker, reporting its state only in telemetry. */
async function onlineDevice(a: Account, kind: 'printer' | 'speaker' = 'printer') {
  const d = await seedDevice(server, a.accountId, modelId);
  const sim = simDevice(sims, mqttUrl, d, { kind, stateEvents: false, telemetryIntervalMs: 3_600_000 });
  sim.start();
  await onlineInDb(server, d.id);
  return { d, sim };
}

const setChannels = (a: Account, body: Record<string, unknown>) => a.client.post('/v1/account/setAlertChannels', body);

describe('state alerts', () => {
  it('a printer reporting "out of paper" in its telemetry raises one alert, and one recovery when it has paper again', async () => {
    const A = await seedAccount(server);
    const { d, sim } = await onlineDevice(A);
    await sim.sendTelemetry();
    sim.injectFault('paper-out');
    for (let i = 0; i < 3; i++) await sim.sendTelemetry();
    await eventually(async () => (await alertsOf(A, d.id)).length === 1, 'the alert');
    sim.clearFault('paper-out');
    for (let i = 0; i < 3; i++) await sim.sendTelemetry();
    await eventually(async () => (await alertsOf(A, d.id)).length === 2, 'the recovery');
    // a late telemetry report (the device's time says it came before) changes nothing
    const late: Telemetry = { ...sim.telemetry(), ts: Date.now() - 60_000, printer: { state: 'coverOpen' } };
    expect((await raiseStateAlerts(server.deps, d, { ts: late.ts, printerState: 'coverOpen' })).sent).toBe(0);
    expect(await alertsOf(A, d.id)).toEqual([
      { kind: 'outOfPaper', phase: 'raised', title: `Printer ${d.sn} is out of paper` },
      { kind: 'outOfPaper', phase: 'cleared', title: `Printer ${d.sn} has paper again` },
    ]);
    // a report dated a year ahead does not hold the device's states still: the next report, two minutes on, counts
    const ahead = Date.now() + 365 * 24 * 3600_000;
    expect((await raiseStateAlerts(server.deps, d, { ts: ahead, printerState: 'overheating' })).sent).toBe(1);
    const soon = new Date(Date.now() + 120_000);
    expect((await raiseStateAlerts(server.deps, d, { ts: soon.getTime(), printerState: 'normal' }, soon)).sent).toBe(1);
    expect((await alertsOf(A, d.id)).map((a) => a.phase)).toEqual(['raised', 'cleared', 'raised', 'cleared']);
  });

  it("a speaker at 8 % that calls its battery sufficient is low by the account's threshold, which the account sets", async () => {
    const A = await seedAccount(server);
    const { d, sim } = await onlineDevice(A, 'speaker');
    sim.setBattery(8, 'sufficient');
    await sim.sendTelemetry();
    await eventually(async () => (await alertsOf(A, d.id)).length === 1, 'the battery alert');
    expect((await alertsOf(A, d.id))[0]).toEqual({
      kind: 'batteryLow',
      phase: 'raised',
      title: `Device ${d.sn}'s battery is running out (8%)`,
    });
    // charging is not running out, whatever the level
    sim.setBattery(8, 'charging');
    await sim.sendTelemetry();
    await eventually(async () => (await alertsOf(A, d.id)).length === 2, 'the recovery');
    expect((await alertsOf(A, d.id))[1]!.phase).toBe('cleared');

    expect(expectOk(await A.client.get('/v1/account/queryAlertChannels')).batteryLowPercent).toBe(10);
    expect(expectOk(await setChannels(A, { batteryLowPercent: 20 })).batteryLowPercent).toBe(20);
    await expectInvalid(
      (c) => c.post('/v1/account/setAlertChannels', { batteryLowPercent: 90 }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'batteryLowPercent',
    );
    sim.setBattery(15, 'sufficient');
    await sim.sendTelemetry();
    await eventually(async () => (await alertsOf(A, d.id)).length === 3, 'the alert at the new threshold');
    expect((await alertsOf(A, d.id))[2]!.title).toBe(`Device ${d.sn}'s battery is running out (15%)`);
  });

  it('a flapping printer raises the first alerts of the window and folds the rest into one digest', async () => {
    const A = await seedAccount(server);
    const d = await seedDevice(server, A.accountId, modelId);
    const t0 = Date.now();
    let sent = 0;
    for (let i = 0; i < 8; i++)
      sent += (await raiseStateAlerts(server.deps, d, { ts: t0 + i, printerState: i % 2 ? 'normal' : 'coverOpen' }))
        .sent;
    expect(sent).toBe(DIGEST_MAX);
    expect(await alertsOf(A, d.id)).toHaveLength(DIGEST_MAX);
    // nothing is due before the window ends
    expect(await sendDueDigests(server.deps)).toBe(0);
    const later = new Date(Date.now() + server.deps.config.alertDigest.windowMs + 1000);
    const [a, b] = await Promise.all([sendDueDigests(server.deps, later), sendDueDigests(server.deps, later)]);
    expect(a + b).toBe(1);
    const all = await alertsOf(A, d.id);
    expect(all).toHaveLength(DIGEST_MAX + 1);
    expect(all[DIGEST_MAX]).toMatchObject({ kind: 'coverOpen', phase: 'digest' });
    expect(all[DIGEST_MAX]!.title).toMatch(
      new RegExp(
        `^5 more alert\\(s\\) of this kind from .+ to .+ \\(UTC\\); the last: Printer ${d.sn} has its cover closed$`,
      ),
    );
    // while the window lasts (the database's clock decides), a further change is folded again
    expect((await raiseStateAlerts(server.deps, d, { ts: t0 + 100, printerState: 'coverOpen' })).sent).toBe(0);
  });
});

describe('channels', () => {
  it('e-mail: an alert a recipient chose by mail lands in the outbox once although two servers hear the report', async () => {
    const A = await seedAccount(server);
    const d = await seedDevice(server, A.accountId, modelId);
    const channels = expectOk(await A.client.get('/v1/account/queryAlertChannels'));
    expect(channels.receivers).toEqual([
      expect.objectContaining({
        userId: A.adminId,
        inAppKinds: expect.arrayContaining(['outOfPaper']),
        emailKinds: [],
      }),
    ]);
    expectOk(
      await setChannels(A, {
        receivers: [{ userId: A.adminId, inAppKinds: ['fault'], emailKinds: ['outOfPaper', 'coverOpen'] }],
      }),
    );
    const peer = await startPeer(server);
    try {
      const raw = Buffer.from(
        JSON.stringify({ v: PROTOCOL_VERSION, ts: Date.now(), printer: { state: 'outOfPaper', paperWidth: 58 } }),
      );
      const opts = { presenceFromMessages: false };
      await Promise.all([
        handleUplink(server.deps, d, 'telemetry', raw, opts),
        handleUplink(peer.deps, d, 'telemetry', raw, opts),
        raiseStateAlerts(peer.deps, d, { ts: Date.now() - 5, printerState: 'outOfPaper' }),
      ]);
      const email = `${A.username}@example.com`;
      await eventually(async () => (await mailsTo(email)).length > 0, 'the mail');
      await new Promise((r) => setTimeout(r, 300));
      const sent = await mailsTo(email);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ kind: 'alert', subject: `[Herald alert] Printer ${d.sn} is out of paper` });
      expect(sent[0]!.body).toContain(`Device: ${d.sn}`);
      expect(sent[0]!.body).toContain('http://localhost:8080/msg/list');
      // in-app only for faults now: no message for the paper
      expect(await alertsOf(A, d.id)).toEqual([]);
    } finally {
      await peer.close();
    }
    const lines = await auditLines(server, 'notice', 'setting', `e-mail to ${A.username}`);
    expect(lines.filter((l) => l.accountId === A.accountId)).toHaveLength(1);
  });

  it('webhook: the alert address receives the alert signed with the API secret, verifiable by the receiver', async () => {
    const A = await seedAccount(server);
    const { secret } = await seedApiKey(server, A.accountId);
    const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alerts`;
      const saved = expectOk(await setChannels(A, { webhook: { url, kinds: ['overheating'] } }));
      expect(saved.webhook).toEqual({ url, kinds: ['overheating'] });
      const d = await seedDevice(server, A.accountId, modelId);
      await raiseStateAlerts(server.deps, d, { ts: Date.now(), printerState: 'outOfPaper' });
      await raiseStateAlerts(server.deps, d, { ts: Date.now() + 1, printerState: 'overheating' });
      await eventually(async () => got.length > 0, 'the webhook');
      await new Promise((r) => setTimeout(r, 300));
      expect(got).toHaveLength(1);
      const [{ headers, body }] = got as [(typeof got)[number]];
      const ts = String(headers[WEBHOOK_HEADERS.timestamp]);
      const expected = createHmac('sha256', secret).update(`${ts}\n${body}`).digest('hex');
      expect(headers[WEBHOOK_HEADERS.signature]).toBe(expected);
      expect(headers[WEBHOOK_HEADERS.event]).toBe('alert');
      expect(alertWebhookBodySchema.parse(JSON.parse(body))).toMatchObject({
        event: 'alert',
        phase: 'raised',
        kind: 'overheating',
        sn: d.sn,
        deviceId: d.id,
        title: `Printer ${d.sn} is overheating`,
      });
      // the delivery is one of the account's deliveries, with its attempts
      const [row] = await server.deps.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.accountId, A.accountId), eq(webhookDeliveries.event, 'alert')));
      expect(row).toMatchObject({ url, status: 'succeeded' });
      // an address that is no URL is refused with the push addresses' message
      await expectInvalid(
        (c) => c.post('/v1/account/setAlertChannels', { webhook: { url: 'ftp://x', kinds: [] } }),
        A.client,
        'Push addresses must be http(s) URLs',
        '推送地址须为 http(s) 地址',
        'webhook.url',
      );
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });

  it("are each account's own: another account's recipients are refused and its alerts reach none of them", async () => {
    const A = await seedAccount(server);
    const B = await seedAccount(server);
    const other = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.admin.ac.user.query'],
    });
    expectOk(await setChannels(A, { receivers: [{ userId: A.adminId, inAppKinds: [], emailKinds: ['fault'] }] }));
    // B names A's administrator: refused, nothing changes
    await expectInvalid(
      (c) =>
        c.post('/v1/account/setAlertChannels', {
          receivers: [{ userId: A.adminId, inAppKinds: [], emailKinds: ['outOfPaper'] }],
        }),
      B.client,
      'Alert channels can be chosen only for the account’s message recipients',
      '只能为账户的消息接收人选择告警方式',
      'receivers.0.userId',
    );
    // a recipient named twice is refused whole (found by the fuzzer: it was a 500), nothing changes
    await expectInvalid(
      (c) =>
        c.post('/v1/account/setAlertChannels', {
          receivers: [
            { userId: A.adminId, inAppKinds: [], emailKinds: ['outOfPaper'] },
            { userId: A.adminId, inAppKinds: [], emailKinds: ['offline'] },
          ],
        }),
      A.client,
      'Each message recipient can be listed only once',
      '每位消息接收人只能出现一次',
      'receivers.1.userId',
    );
    const a = expectOk(await A.client.get('/v1/account/queryAlertChannels'));
    expect(a.receivers).toEqual([expect.objectContaining({ userId: A.adminId, emailKinds: ['fault'] })]);
    const b = expectOk(await B.client.get('/v1/account/queryAlertChannels'));
    expect(b.receivers.map((r: { userId: number }) => r.userId)).toEqual([B.adminId]);
    // a user who only reads the account's users may read the channels, not change them
    expectOk(await other.client.get('/v1/account/queryAlertChannels'));
    expect((await setChannels({ ...A, client: other.client }, { batteryLowPercent: 30 })).status).toBe(403);
    // operators have no account of their own here
    const op = await adminClient(server);
    expect((await op.get('/v1/account/queryAlertChannels')).body.code).not.toBe(0);

    // B's printer runs out of paper: B's administrator hears it, A's nobody
    const d = await seedDevice(server, B.accountId, modelId);
    await raiseStateAlerts(server.deps, d, { ts: Date.now(), printerState: 'outOfPaper' });
    expect(await alertsOf(B, d.id)).toHaveLength(1);
    expect(await alertsOf(A, d.id)).toHaveLength(0);
    expect(await mailsTo(`${A.username}@example.com`)).toEqual([]);
  });
});

describe('the offline alert', () => {
  /** the device went offline `minutes` ago (as its last will said then) */
  const offlineSince = (deviceId: number, minutes: number) =>
    server.deps.db
      .update(devices)
      .set({ lastOfflineAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(devices.id, deviceId));

  it('a device offline longer than the account sets raises one alert, whichever server looks, and one recovery when it is back', async () => {
    const A = await seedAccount(server);
    expectOk(await setChannels(A, { offlineAlertMinutes: 5 }));
    expect(expectOk(await A.client.get('/v1/account/queryAlertChannels')).offlineAlertMinutes).toBe(5);
    const { d, sim } = await onlineDevice(A);
    sim.crash();
    await eventually(async () => {
      const [row] = await server.deps.db.select().from(devices).where(eq(devices.id, d.id));
      return row?.online === false;
    }, 'offline');

    // not yet: offline for 4 of the 5 minutes
    await offlineSince(d.id, 4);
    expect(await raiseOfflineAlerts(server.deps)).toBe(0);
    await offlineSince(d.id, 6);
    const peer = await startPeer(server);
    try {
      const sent = await Promise.all([raiseOfflineAlerts(server.deps), raiseOfflineAlerts(peer.deps)]);
      expect(sent.reduce((a, b) => a + b)).toBe(1);
    } finally {
      await peer.close();
    }
    expect(await raiseOfflineAlerts(server.deps)).toBe(0);
    expect(await alertsOf(A, d.id)).toEqual([
      { kind: 'offline', phase: 'raised', title: `Device ${d.sn} has been offline for 5 minute(s)` },
    ]);

    sim.start();
    await eventually(async () => (await alertsOf(A, d.id)).length === 2, 'the recovery');
    expect((await alertsOf(A, d.id))[1]).toEqual({
      kind: 'offline',
      phase: 'cleared',
      title: `Device ${d.sn} is back online`,
    });
    // back online: nothing more to raise; a telemetry report leaves the offline state alone
    expect(await raiseOfflineAlerts(server.deps)).toBe(0);
    await sim.sendTelemetry();
    const [state] = await server.deps.db.select().from(deviceAlertStates).where(eq(deviceAlertStates.deviceId, d.id));
    expect(state?.active).toEqual([]);
  });

  it('is worded in the recipient’s language, follows the account’s kinds and the 30-minute default', async () => {
    const A = await seedAccount(server);
    await server.deps.db.update(users).set({ messageLanguage: 'zh_CN' }).where(eq(users.id, A.adminId));
    const { d, sim } = await onlineDevice(A);
    const other = await onlineDevice(A);
    sim.crash();
    other.sim.crash();
    await eventually(async () => {
      const rows = await server.deps.db.select().from(devices).where(eq(devices.accountId, A.accountId));
      return rows.every((r) => !r.online);
    }, 'offline');
    await offlineSince(d.id, 31);
    await offlineSince(other.d.id, 29);
    expect(await raiseOfflineAlerts(server.deps)).toBe(1);
    expect(await alertsOf(A, d.id)).toEqual([
      { kind: 'offline', phase: 'raised', title: `设备 ${d.sn} 已离线 30 分钟` },
    ]);
    // an account that does not want the kind gets none (and the state still records it: no late alert)
    expectOk(await A.client.post('/v1/account/setNoticeMsgReceive', { alertKinds: ['fault'] }));
    await offlineSince(other.d.id, 31);
    expect(await raiseOfflineAlerts(server.deps)).toBe(0);
    expect(await alertsOf(A, other.d.id)).toEqual([]);
  });

  it('refuses an offline time outside 1 to 1440 minutes', async () => {
    const A = await seedAccount(server);
    for (const offlineAlertMinutes of [0, 1441])
      await expectInvalid(
        (c) => c.post('/v1/account/setAlertChannels', { offlineAlertMinutes }),
        A.client,
        'Incorrect format',
        '格式不正确',
        'offlineAlertMinutes',
      );
  });
});

describe('the devices’ alert states', () => {
  it('tells raiseStateAlerts’ caller the account it delivered to, and a telemetry alert reaches the unread badge', async () => {
    const A = await seedAccount(server);
    const { d, sim } = await onlineDevice(A);
    expect(await raiseStateAlerts(server.deps, d, { ts: Date.now(), printerState: 'coverOpen' })).toEqual({
      sent: 1,
      accountId: A.accountId,
    });
    const got: Numbered[] = [];
    const stop = feed(server.deps).listen({ deliver: (e) => got.push(e), resync: () => {} });
    try {
      sim.injectFault('paper-out');
      await sim.sendTelemetry();
      await eventually(
        async () => got.find((e) => e.type === 'unread' && e.data.accountId === A.accountId),
        'the unread event',
      );
    } finally {
      stop();
    }
  });

  it('two reports of one millisecond count in the order they arrived: a fault cleared and another raised end in the second', async () => {
    const A = await seedAccount(server);
    const devs = await Promise.all(Array.from({ length: 12 }, () => seedDevice(server, A.accountId, modelId)));
    const event = (printerState: 'outOfPaper' | 'coverOpen', ts: number) =>
      Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, ts, type: 'printerState', printerState }));
    const telemetry = (state: 'normal', ts: number) =>
      Buffer.from(
        JSON.stringify({
          v: PROTOCOL_VERSION,
          ts,
          printer: { state, paperWidth: 58 },
          battery: { level: 40, state: 'sufficient' },
        }),
      );
    const opts = { presenceFromMessages: false };
    const ts = Date.now();
    const activeOf = async () =>
      (
        await server.deps.db
          .select({ id: deviceAlertStates.deviceId, active: deviceAlertStates.active })
          .from(deviceAlertStates)
          .where(
            inArray(
              deviceAlertStates.deviceId,
              devs.map((d) => d.id),
            ),
          )
      ).map((r) => r.active.join());
    // as the broker hands one device's messages over: those of one read from the socket side by side
    // (aedes' enqueue), each stored in its turn, the alerts after
    await Promise.all(
      devs.map(async (d) => {
        await handleUplink(server.deps, d, 'event', event('outOfPaper', ts - 1), opts);
        await Promise.all([
          // telemetry with a battery whose verdict needs the account's threshold: one read more before its alerts
          handleUplink(server.deps, d, 'telemetry', telemetry('normal', ts), opts),
          handleUplink(server.deps, d, 'event', event('coverOpen', ts), opts),
        ]);
      }),
    );
    // the alert work runs off the messages' answers: done when no device has any left in its turn
    const { alertTurns } = server.deps.deviceLink;
    await eventually(async () => devs.every((d) => !alertTurns.has(d.id)), 'the alerts of the reports');
    expect(await activeOf()).toEqual(devs.map(() => 'coverOpen'));
  });

  it('are purged for deleted devices, and once all recovered as old as the records', async () => {
    const A = await seedAccount(server);
    const [kept, deleted, old, recent] = await Promise.all(
      [0, 1, 2, 3].map(() => seedDevice(server, A.accountId, modelId)),
    );
    const longAgo = new Date(Date.now() - (RETENTION_DAYS + 1) * 24 * 3600_000);
    await server.deps.db.insert(deviceAlertStates).values([
      { deviceId: kept!.id, active: ['coverOpen'], prevActive: [], reportedAt: longAgo },
      { deviceId: deleted!.id, active: ['coverOpen'], prevActive: [], reportedAt: new Date() },
      { deviceId: old!.id, active: [], prevActive: ['coverOpen'], reportedAt: longAgo },
      { deviceId: recent!.id, active: [], prevActive: ['coverOpen'], reportedAt: new Date() },
    ]);
    await server.deps.db
      .update(devices)
      .set({ status: DeviceStatus.DELETED, deletedAt: new Date() })
      .where(eq(devices.id, deleted!.id));
    await purgeExpiredRecords(server.deps.db);
    const left = await server.deps.db
      .select({ id: deviceAlertStates.deviceId })
      .from(deviceAlertStates)
      .where(inArray(deviceAlertStates.deviceId, [kept!.id, deleted!.id, old!.id, recent!.id]));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([kept!.id, recent!.id].sort((a, b) => a - b));
  });
});
