import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_RETENTION_DAYS, DEFAULT_ALARM_SETTINGS, JobStatus } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { accounts, alarmMutes, pushAlarms } from '../src/db/schema';
import { purgeExpiredRecords } from '../src/housekeeping/purge';
import { raisePushAlarm } from '../src/modules/push-alarms/watch';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { jobReaches, onlineInDb, OpenClient, seedApiKey, simDevice } from './open-api-fixture';
import { auditLines, expectInvalid } from './people';

/**
 * The push-delay alarm through the API: a simulated printer that acks slowly (the real device
 * protocol on the embedded broker) trips the account's alarm after its consecutive slow pushes;
 * the alarm is listed, folded within the notification frequency, sent once as an alert message,
 * muted and unmuted; the settings are the account's, checked against the spec's grading rules.
 */

type Account = Awaited<ReturnType<typeof seedAccount>>;
let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Account;
let B: Account;
const sims: VirtualDevice[] = [];

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
});

afterAll(async () => {
  await Promise.all(sims.map((s) => s.stop()));
  await server?.close();
});

const settings = (over: Record<string, unknown> = {}) => ({ ...DEFAULT_ALARM_SETTINGS, ...over });
const alarmsOf = async (c: Client, q = '') =>
  expectOk(await c.get(`/v1/push-alarms?pageSize=200${q}`)) as {
    list: { id: number; sn: string; count: number; latencyMs: number; muted: boolean; mutedBy: string | null }[];
    total: number;
  };

describe('the alarm settings', () => {
  it("are the spec's defaults until the account saves its own, checked against the grading rules", async () => {
    expect(expectOk(await A.client.get('/v1/push-alarms/settings'))).toEqual({
      ...DEFAULT_ALARM_SETTINGS,
      updatedAt: null,
    });
    const put = (body: unknown) => (c: Client) => c.put('/v1/push-alarms/settings', body);
    await expectInvalid(
      put(settings({ grades: [DEFAULT_ALARM_SETTINGS.grades[0]] })),
      A.client,
      'Give between 2 and 5 grades',
      '分级数量须在 2 到 5 之间',
    );
    const [g0, g1] = DEFAULT_ALARM_SETTINGS.grades;
    await expectInvalid(
      put(settings({ grades: [g0, { ...g1!, min: 900 }] })),
      A.client,
      "A grade's minimum must equal the previous grade's maximum",
      '每一级的最小值须等于上一级的最大值',
    );
    await expectInvalid(
      put(settings({ grades: [g0, { ...g1!, max: 800 }] })),
      A.client,
      'The minimum must be less than the maximum',
      '最小值必须小于最大值',
    );
    for (const bad of [
      settings({ consecutive: 0 }),
      settings({ thresholdMs: 'fast' }),
      settings({ notifyHours: 25 }),
      settings({ grades: [g0, { ...g1!, colour: 'red' }] }),
    ])
      expectError(await A.client.put('/v1/push-alarms/settings', bad), 40010);
    expect(expectOk(await A.client.get('/v1/push-alarms/settings')).updatedAt).toBeNull();

    const saved = expectOk(await A.client.put('/v1/push-alarms/settings', settings({ thresholdMs: 900 })));
    expect(saved).toMatchObject({ thresholdMs: 900, consecutive: 3 });
    expect(saved.updatedAt).not.toBeNull();
    expect(await auditLines(server, 'pushAlarm', 'setting', '900 ms')).toHaveLength(1);
    // B's are still the defaults; an operator has no account settings
    expect(expectOk(await B.client.get('/v1/push-alarms/settings')).thresholdMs).toBe(800);
    expectError(await op.get('/v1/push-alarms/settings'), 40003);
    // reading them is not changing them
    const reader = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.physical.push.warn.query', 'herald.device.physical.push.warn.query.query'],
    });
    expectOk(await reader.client.get('/v1/push-alarms/settings'));
    expectError(await reader.client.put('/v1/push-alarms/settings', settings()), 40003);
  });
});

describe('a printer that acks slowly', () => {
  it('raises an alarm after its consecutive slow pushes, folded within the hour and sent as one message', async () => {
    const C = await seedAccount(server);
    // 2 pushes over 100 ms within 5 minutes; the simulated printer acks after 300 ms
    expectOk(await C.client.put('/v1/push-alarms/settings', settings({ consecutive: 2, thresholdMs: 100 })));
    const model = await seedModel(server);
    const d = await seedDevice(server, C.accountId, model.id);
    const sim = simDevice(sims, server.deps.gateway.endpoints().mqtt!, d, { slowAckMs: 300 });
    sim.start();
    await onlineInDb(server, d.id);
    const api = new OpenClient(server, ...(Object.values(await seedApiKey(server, C.accountId)) as [string, string]));
    const print = async () => {
      const res = await api.print({ sn: d.sn, content: 'Tea | 3.00' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await jobReaches(server, res.body.data.jobId, JobStatus.SUCCESS);
    };

    // fast pushes: nothing
    await print();
    await print();
    sim.injectFault('slow-ack');
    await print();
    await print();
    const [alarm] = await eventually(async () => {
      const { list } = await alarmsOf(C.client);
      return list.length ? list : undefined;
    }, 'the alarm');
    expect(alarm).toMatchObject({ sn: d.sn, count: 1, muted: false });
    expect(alarm!.latencyMs).toBeGreaterThanOrEqual(300);

    const inbox = async () =>
      (
        expectOk(await C.client.get('/v1/account-user-notice-msg/pageQuery?category=alert')).list as {
          title: string;
          alert: { kind: string };
        }[]
      ).filter((m) => m.alert.kind === 'latency');
    await eventually(async () => (await inbox()).length === 1, 'the alarm message');
    expect((await inbox())[0]!.title).toMatch(new RegExp(`^Pushes to device ${d.sn} are slow: \\d+ ms > 100 ms$`));

    // two more slow pushes: the same row, one more alarm, no second message
    await print();
    await print();
    await eventually(async () => (await alarmsOf(C.client)).list[0]?.count === 2, 'the folded alarm');
    expect((await alarmsOf(C.client)).total).toBe(1);
    expect(await inbox()).toHaveLength(1);

    // another account sees none of it, and cannot mute it
    expect((await alarmsOf(B.client)).list.some((a) => a.sn === d.sn)).toBe(false);
    expectError(await B.client.get(`/v1/push-alarms?accountId=${C.accountId}`), 40003);
    expectOk(await B.client.post('/v1/push-alarms/mute', { ids: [alarm!.id], muted: true }));
    expect((await alarmsOf(C.client)).list[0]!.muted).toBe(false);
    // the operator sees it among all accounts', and for C alone
    expect((await alarmsOf(op, `&accountId=${C.accountId}`)).list.map((a) => a.sn)).toEqual([d.sn]);

    // muted by C: listed as muted, by whom; unmuted again
    await expectInvalid(
      (c) => c.post('/v1/push-alarms/mute', { ids: [], muted: true }),
      C.client,
      'Please select at least one record',
      '请至少选择一条记录',
    );
    expectError(await C.client.post('/v1/push-alarms/mute', { ids: [alarm!.id], muted: true, hours: 25 }), 40010);
    expectOk(await C.client.post('/v1/push-alarms/mute', { ids: [alarm!.id], muted: true, hours: 2 }));
    const muted = (await alarmsOf(C.client, '&muted=true')).list;
    expect(muted).toMatchObject([{ id: alarm!.id, muted: true, mutedBy: C.username }]);
    expect(await auditLines(server, 'pushAlarm', 'mute', d.sn)).toHaveLength(1);
    expectOk(await C.client.post('/v1/push-alarms/mute', { ids: [alarm!.id], muted: false }));
    expect((await alarmsOf(C.client, '&muted=true')).total).toBe(0);
  });

  it('sends no message while the device’s alarm is muted, and none the account does not want', async () => {
    const D = await seedAccount(server);
    const model = await seedModel(server);
    const d = await seedDevice(server, D.accountId, model.id);
    const ref = { accountId: D.accountId, deviceId: d.id, sn: d.sn };
    const alarm = { latencyMs: 5000, monitor: { ...DEFAULT_ALARM_SETTINGS } };
    await server.deps.db
      .insert(alarmMutes)
      .values({ deviceId: d.id, mutedUntil: new Date(Date.now() + 3_600_000), mutedAt: new Date() });
    expect(await raisePushAlarm(server.deps, ref, alarm)).toBe(0);
    expect((await alarmsOf(D.client)).list).toMatchObject([{ sn: d.sn, muted: true, latencyMs: 5000 }]);

    // a new streak after the notification frequency, unmuted, but the account turned 'latency' off
    await server.deps.db.delete(alarmMutes).where(eq(alarmMutes.deviceId, d.id));
    expectOk(await D.client.post('/v1/account/setNoticeMsgReceive', { alertKinds: ['fault'] }));
    expect(await raisePushAlarm(server.deps, ref, alarm, new Date(Date.now() + 2 * 3_600_000))).toBe(0);
    expect((await alarmsOf(D.client)).total).toBe(2);
    // wanted again: the next new row sends one
    expectOk(await D.client.post('/v1/account/setNoticeMsgReceive', { alertKinds: ['latency'] }));
    expect(await raisePushAlarm(server.deps, ref, alarm, new Date(Date.now() + 4 * 3_600_000))).toBe(1);

    // a longer notification frequency folds the next alarm into the newest row only
    const daily = { ...alarm, monitor: { ...alarm.monitor, notifyHours: 24 } };
    expect(await raisePushAlarm(server.deps, ref, daily, new Date(Date.now() + 5 * 3_600_000))).toBe(0);
    const rows = await server.deps.db
      .select()
      .from(pushAlarms)
      .where(eq(pushAlarms.deviceId, d.id))
      .orderBy(pushAlarms.firstAlarmAt);
    expect(rows.map((r) => r.count)).toEqual([1, 1, 2]);
  });

  it('lift a mute when the latency is sustained for the account’s hours, and tell the account so', async () => {
    const E = await seedAccount(server);
    const model = await seedModel(server);
    const d = await seedDevice(server, E.accountId, model.id);
    const ref = { accountId: E.accountId, deviceId: d.id, sn: d.sn };
    const alarm = { latencyMs: 5000, monitor: { ...DEFAULT_ALARM_SETTINGS, liftMuteHours: 1 } };
    const t0 = Date.now();
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    const inbox = async () =>
      (
        expectOk(await E.client.get('/v1/account-user-notice-msg/pageQuery?category=alert')).list as {
          title: string;
          alert: { kind: string };
        }[]
      ).filter((m) => m.alert.kind === 'latency');
    const muteRow = async () =>
      (await server.deps.db.select().from(alarmMutes).where(eq(alarmMutes.deviceId, d.id)))[0];

    // the first alarm is unmuted: its message; then muted for 24 hours through the API
    expect(await raisePushAlarm(server.deps, ref, alarm, at(0))).toBe(1);
    const [row] = (await alarmsOf(E.client)).list;
    expectOk(await E.client.post('/v1/push-alarms/mute', { ids: [row!.id], muted: true, hours: 24 }));

    // alarms every 4 minutes (within the 5-minute window) for 56 minutes: still muted, no message
    for (let m = 4; m <= 60; m += 4) expect(await raisePushAlarm(server.deps, ref, alarm, at(m))).toBe(0);
    // a pause longer than the window: the run starts again at 70
    for (let m = 70; m <= 126; m += 4) expect(await raisePushAlarm(server.deps, ref, alarm, at(m))).toBe(0);
    expect(await muteRow()).toMatchObject({ sustainedSince: at(70), lastAlarmAt: at(126) });
    expect(await inbox()).toHaveLength(1);
    // an hour after 70: sustained, the mute lifts and the account is told, in the alarm's own row
    expect(await raisePushAlarm(server.deps, ref, alarm, at(130))).toBe(1);
    expect(await muteRow()).toBeUndefined();
    const titles = (await inbox()).map((m) => m.title);
    expect(titles[0]).toBe(
      `Pushes to device ${d.sn} have been slow for 1 hour(s) (5000 ms > 800 ms): its alarm is no longer muted`,
    );
    expect((await alarmsOf(E.client, '&muted=true')).total).toBe(0);

    // muted again: a new run; an account that chose 0 hours keeps its mutes however long it lasts
    expectOk(await E.client.post('/v1/push-alarms/mute', { ids: [row!.id], muted: true, hours: 24 }));
    const never = { ...alarm, monitor: { ...alarm.monitor, liftMuteHours: 0 } };
    for (let m = 134; m <= 134 + 5 * 60; m += 4) expect(await raisePushAlarm(server.deps, ref, never, at(m))).toBe(0);
    expect(await muteRow()).toMatchObject({ sustainedSince: at(134) });
    expect(await inbox()).toHaveLength(2);
  });

  it('keep an account’s mute-lift hours when a settings body leaves them out', async () => {
    const F = await seedAccount(server);
    const { liftMuteHours: _, ...old } = DEFAULT_ALARM_SETTINGS;
    expect(expectOk(await F.client.put('/v1/push-alarms/settings', settings({ liftMuteHours: 6 })))).toMatchObject({
      liftMuteHours: 6,
    });
    expect(expectOk(await F.client.put('/v1/push-alarms/settings', old))).toMatchObject({ liftMuteHours: 6 });
    expectError(await F.client.put('/v1/push-alarms/settings', settings({ liftMuteHours: 25 })), 40010);
    expectError(await F.client.put('/v1/push-alarms/settings', settings({ liftMuteHours: -1 })), 40010);
  });

  it("reach accounts made before the alarm: the settings' permission and the latency kind are added to them", async () => {
    const F = await seedAccount(server);
    const db = server.deps.db;
    const [acct] = await db.select().from(accounts).where(eq(accounts.id, F.accountId));
    const SETTING = 'herald.device.physical.push.warn.query.setting';
    await db
      .update(accounts)
      .set({ permissions: acct!.permissions.filter((p) => p !== SETTING), alertKinds: ['fault'] })
      .where(eq(accounts.id, F.accountId));
    expectError(await F.client.put('/v1/push-alarms/settings', settings()), 40003);
    const file = path.join(import.meta.dirname, '../src/db/migrations/0018_alarm_permission_backfill.sql');
    for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));
    const [after] = await db.select().from(accounts).where(eq(accounts.id, F.accountId));
    expect(after!.permissions).toContain(SETTING);
    expect(after!.alertKinds).toEqual(['fault', 'latency']);
    expectOk(await F.client.put('/v1/push-alarms/settings', settings()));
  });
});

describe('the retention purge', () => {
  it('removes alarms older than 7 days', async () => {
    const E = await seedAccount(server);
    const model = await seedModel(server);
    const d = await seedDevice(server, E.accountId, model.id);
    const old = new Date(Date.now() - (ALARM_RETENTION_DAYS + 1) * 86_400_000);
    const [gone] = await server.deps.db
      .insert(pushAlarms)
      .values({
        accountId: E.accountId,
        deviceId: d.id,
        firstAlarmAt: old,
        lastAlarmAt: old,
        latencyMs: 1,
        thresholdMs: 1,
      })
      .returning();
    const [kept] = await server.deps.db
      .insert(pushAlarms)
      .values({
        accountId: E.accountId,
        deviceId: d.id,
        firstAlarmAt: new Date(),
        lastAlarmAt: new Date(),
        latencyMs: 1,
        thresholdMs: 1,
      })
      .returning();
    // a mute that lifted two days ago goes, one still on stays
    const other = await seedDevice(server, E.accountId, model.id);
    await server.deps.db.insert(alarmMutes).values([
      { deviceId: d.id, mutedUntil: new Date(Date.now() - 2 * 86_400_000), mutedAt: old },
      { deviceId: other.id, mutedUntil: new Date(Date.now() + 3_600_000), mutedAt: new Date() },
    ]);
    await purgeExpiredRecords(server.deps.db);
    const left = await server.deps.db.select().from(pushAlarms).where(eq(pushAlarms.deviceId, d.id));
    expect(left.map((r) => r.id)).toEqual([kept!.id]);
    expect(left.some((r) => r.id === gone!.id)).toBe(false);
    const mutes = await server.deps.db
      .select()
      .from(alarmMutes)
      .where(inArray(alarmMutes.deviceId, [d.id, other.id]));
    expect(mutes.map((m) => m.deviceId)).toEqual([other.id]);
  });
});
