import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_DAYS, DeviceStatus, JobStatus, type TotalStat } from '@herald/contract';
import type { VirtualDevice } from '@herald/device-sim';
import { devices } from '../src/db/schema';
import { jobCounts } from '../src/modules/dashboard/job-counts';
import { seedDevice, seedModel } from './devices-fixture';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { jobReaches, onlineInDb, OpenClient, seedApiKey, simDevice } from './open-api-fixture';
import { expectInvalid } from './people';

/**
 * The dashboard through the API, over jobs sent through the signed open API to simulated printers
 * on the embedded broker: what each side sees, per day on the viewer's clock, and who sees the
 * rankings.
 */

type Account = Awaited<ReturnType<typeof seedAccount>>;
let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Account;
let B: Account;
const sims: VirtualDevice[] = [];
type Device = Awaited<ReturnType<typeof seedDevice>>;
let busy: Device;
let jammed: Device;
let idle: Device;
let modelId: number;
/** the platform's figures before this file's jobs, to compare by difference (other files share a PostgreSQL database) */
let platformBefore: TotalStat;

const DAY = 86_400_000;
const utcToday = () => new Date(Math.floor(Date.now() / DAY) * DAY).toISOString().slice(0, 10);
/** the UTC day this file's jobs and devices were made (a run across midnight finds them the day before) */
let madeOn: string;
const stat = async (c: Client, name: string, q = '') => expectOk(await c.get(`/v1/dashboard/${name}?utcOffset=0${q}`));

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  platformBefore = (await stat(op, 'queryTotalStat')) as TotalStat;
  madeOn = utcToday();
  modelId = (await seedModel(server)).id;
  const mqttUrl = server.deps.gateway.endpoints().mqtt!;
  busy = await seedDevice(server, A.accountId, modelId);
  jammed = await seedDevice(server, A.accountId, modelId);
  idle = await seedDevice(server, B.accountId, modelId);
  for (const d of [busy, jammed]) {
    simDevice(sims, mqttUrl, d).start();
    await onlineInDb(server, d.id);
  }
  sims[1]!.injectFault('paper-out');

  const api = new OpenClient(server, ...(Object.values(await seedApiKey(server, A.accountId)) as [string, string]));
  const sent: { id: number; status: number }[] = [];
  const print = async (sn: string, status: number) => {
    const res = await api.print({ sn, content: 'Tea | 3.00' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sent.push({ id: res.body.data.jobId, status });
  };
  for (let i = 0; i < 3; i++) await print(busy.sn, JobStatus.SUCCESS);
  await print(jammed.sn, JobStatus.FAILED);
  for (const j of sent) await jobReaches(server, j.id, j.status);
  // B's printer is not connected: its job stays queued
  const apiB = new OpenClient(server, ...(Object.values(await seedApiKey(server, B.accountId)) as [string, string]));
  expect((await apiB.print({ sn: idle.sn, content: 'Tea | 3.00' })).status).toBe(200);
});

afterAll(async () => {
  await Promise.all(sims.map((s) => s.stop()));
  await server?.close();
});

describe('the dashboard', () => {
  it("shows an account its own devices and today's jobs, and the platform all of them", async () => {
    const a = await stat(A.client, 'queryTotalStat');
    expect(a).toMatchObject({ devices: { total: 2, online: 2 }, accounts: null });
    expect(a.today).toEqual({ requested: 4, success: 3, failed: 1 });
    expect((await stat(B.client, 'queryTotalStat')).today).toEqual({ requested: 1, success: 0, failed: 0 });
    // an operator looking at one account sees what its users see
    expect(await stat(op, 'queryTotalStat', `&accountId=${A.accountId}`)).toEqual(a);
    const platform = await stat(op, 'queryTotalStat');
    expect(platform.accounts.total).toBeGreaterThanOrEqual(2);
    expect(platform.devices.total).toBeGreaterThanOrEqual(3);
    expect({
      requested: platform.today.requested - platformBefore.today.requested,
      success: platform.today.success - platformBefore.today.success,
      failed: platform.today.failed - platformBefore.today.failed,
    }).toEqual({ requested: 5, success: 3, failed: 1 });
  });

  it('gives seven days of jobs by kind and outcome, today last, zeros included', async () => {
    const { days } = await stat(A.client, 'queryBusinessStat');
    expect(days).toHaveLength(DASHBOARD_DAYS);
    expect(days.at(-1).day).toBe(utcToday());
    for (const d of days)
      expect(d).toEqual(
        d.day === madeOn
          ? { day: madeOn, print: 4, speak: 0, trade: 0, success: 3, failed: 1 }
          : { day: d.day, print: 0, speak: 0, trade: 0, success: 0, failed: 0 },
      );
    const dates = days.map((d: { day: string }) => Date.parse(d.day));
    dates.slice(1).forEach((t: number, i: number) => expect(t - dates[i]!).toBe(DAY));
  });

  it("cuts days on the viewer's clock", async () => {
    const C = await seedAccount(server);
    // a speech requested at 00:30 UTC: on the previous day for a viewer an hour behind UTC
    const today = Math.floor(Date.now() / DAY) * DAY;
    const at = new Date(Date.now() - today > 3_600_000 ? today + 1_800_000 : today - DAY + 1_800_000);
    const job = { accountId: C.accountId, deviceId: 0, kind: 'speak', requestedAt: at };
    jobCounts(server.deps).requested({ ...job, status: 0 });
    jobCounts(server.deps).finished({ ...job, status: JobStatus.TIMEOUT });
    const dayOf = async (utcOffset: number) => {
      const { days } = expectOk(await C.client.get(`/v1/dashboard/queryBusinessStat?utcOffset=${utcOffset}`));
      return days.find((d: { speak: number }) => d.speak > 0);
    };
    const utcDay = at.toISOString().slice(0, 10);
    expect(await dayOf(0)).toEqual({ day: utcDay, print: 0, speak: 1, trade: 0, success: 0, failed: 1 });
    expect((await dayOf(-60)).day).toBe(new Date(at.getTime() - DAY).toISOString().slice(0, 10));
    expect((await dayOf(330)).day).toBe(utcDay);
  });

  it('keeps what a failed write counted, writes it once at the next round, and goes on counting', async () => {
    const D = await seedAccount(server);
    const job = { accountId: D.accountId, deviceId: 0, kind: 'trade', status: 0, requestedAt: new Date() };
    const counts = jobCounts(server.deps);
    const db = server.deps.db;
    await db.execute(sql`alter table job_stats rename to job_stats_away`);
    try {
      counts.requested(job);
      await expect(counts.flush()).rejects.toThrow();
      counts.requested(job);
      await expect(counts.flush()).rejects.toThrow();
    } finally {
      await db.execute(sql`alter table job_stats_away rename to job_stats`);
    }
    counts.requested(job);
    await counts.flush();
    const today = async () => (await stat(D.client, 'queryTotalStat')).today;
    expect((await today()).requested).toBe(3);
    counts.finished({ ...job, status: JobStatus.SUCCESS });
    await counts.flush();
    expect(await today()).toEqual({ requested: 3, success: 1, failed: 0 });
  });

  it('counts devices by state and by model', async () => {
    await server.deps.db.update(devices).set({ status: DeviceStatus.DISABLED }).where(eq(devices.id, jammed.id));
    try {
      const s = await stat(A.client, 'queryDevicePhysicalStat');
      expect(s).toMatchObject({ online: 1, offline: 0, disabled: 1, notEnabled: 0, paused: 0, muted: 0 });
    } finally {
      await server.deps.db.update(devices).set({ status: DeviceStatus.ENABLED }).where(eq(devices.id, jammed.id));
    }
    const m = await stat(A.client, 'queryModelStat');
    expect(m).toEqual({ models: [expect.objectContaining({ modelId, count: 2 })], others: 0 });
    expect((await stat(B.client, 'queryModelStat')).models).toEqual([expect.objectContaining({ modelId, count: 1 })]);
  });

  it("counts today's connections and new devices", async () => {
    const { days } = await stat(A.client, 'queryDeviceSessionStat');
    expect(days).toHaveLength(DASHBOARD_DAYS);
    const made = days.find((d: { day: string }) => d.day === madeOn);
    expect(made).toMatchObject({ connected: 2, added: 2 });
    expect(made.sessions).toBeGreaterThanOrEqual(2);
    const ofB = (await stat(B.client, 'queryDeviceSessionStat')).days;
    expect(ofB.find((d: { day: string }) => d.day === madeOn)).toMatchObject({ connected: 0, added: 1 });
  });

  it('ranks the devices of an account, and accounts for operators who may list them', async () => {
    const a = await stat(A.client, 'queryAccountStat');
    expect(a.accounts).toBeNull();
    const accountName = expect.any(String);
    expect(a.devices).toEqual([
      { deviceId: busy.id, sn: busy.sn, name: null, accountName, requested: 3, success: 3, failed: 0 },
      { deviceId: jammed.id, sn: jammed.sn, name: null, accountName, requested: 1, success: 0, failed: 1 },
    ]);
    const platform = await stat(op, 'queryAccountStat');
    // operators rank the platform's devices too, each named with its account
    const ours = platform.devices.filter((x: { deviceId: number }) => [busy.id, jammed.id].includes(x.deviceId));
    expect(ours).toEqual(a.devices);
    expect(ours[0].accountName).toBe(a.devices[0].accountName);
    const mine = platform.accounts.filter((x: { accountId: number }) =>
      [A.accountId, B.accountId].includes(x.accountId),
    );
    expect(mine).toEqual([
      expect.objectContaining({ accountId: A.accountId, devices: 2, requested: 4, success: 3, failed: 1 }),
      expect.objectContaining({ accountId: B.accountId, devices: 1, requested: 1, success: 0, failed: 0 }),
    ]);
    const one = await stat(op, 'queryAccountStat', `&accountId=${A.accountId}`);
    expect(one).toEqual({ accounts: null, devices: a.devices });
  });

  it('shows the rankings only to those who may see the lists, and one account only to who may pick it', async () => {
    const staff = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.dev.template'],
    });
    expect(await stat(staff.client, 'queryAccountStat')).toEqual({ accounts: null, devices: null });
    expect((await stat(staff.client, 'queryTotalStat')).today.requested).toBe(4);
    expectError(await staff.client.get(`/v1/dashboard/queryTotalStat?accountId=${B.accountId}`), 40003);
    expectError(await A.client.get(`/v1/dashboard/queryAccountStat?accountId=${B.accountId}`), 40003);

    const empty = await seedRoleUser(server, { side: 'op', permissions: [] });
    expect(await stat(empty.client, 'queryAccountStat')).toEqual({ accounts: null, devices: null });
    expect((await stat(empty.client, 'queryTotalStat')).devices.total).toBeGreaterThanOrEqual(3);
    for (const name of ['queryTotalStat', 'queryBusinessStat', 'queryModelStat', 'queryAccountStat'])
      expectError(await empty.client.get(`/v1/dashboard/${name}?accountId=${A.accountId}`), 40003);
    const logReader = await seedRoleUser(server, {
      side: 'op',
      permissions: ['herald.oper.log', 'herald.oper.log.query'],
    });
    expect((await stat(logReader.client, 'queryTotalStat', `&accountId=${A.accountId}`)).devices.total).toBe(2);
    expect(await stat(logReader.client, 'queryAccountStat', `&accountId=${A.accountId}`)).toEqual({
      accounts: null,
      devices: null,
    });
    expectError(await op.get('/v1/dashboard/queryTotalStat?accountId=2147483647'), 40004);
    expectError(await new Client(server).get('/v1/dashboard/queryTotalStat'), 40002);
  });

  it('cuts its series, rankings and figures to the chosen range: today, 7 or 30 days', async () => {
    for (const [range, length] of [
      ['today', 1],
      ['7d', 7],
      ['30d', 30],
    ] as const) {
      const { days } = await stat(A.client, 'queryBusinessStat', `&range=${range}`);
      expect(days, range).toHaveLength(length);
      expect(days.at(-1).day).toBe(utcToday());
      const sessions = await stat(A.client, 'queryDeviceSessionStat', `&range=${range}`);
      expect(sessions.days, range).toHaveLength(length);
      const total = (await stat(A.client, 'queryTotalStat', `&range=${range}`)) as TotalStat;
      // this file's jobs were all made today (or yesterday, for a run across midnight)
      if (madeOn === utcToday()) expect(total.period, range).toEqual({ requested: 4, success: 3, failed: 1 });
      expect(total.period.requested).toBeGreaterThanOrEqual(total.today.requested);
    }
    const ranked = await stat(A.client, 'queryAccountStat', '&range=30d');
    expect(ranked.devices.map((d: { deviceId: number }) => d.deviceId)).toEqual([busy.id, jammed.id]);
  });

  it('refuses a bad query in both languages', async () => {
    for (const range of ['90d', 'week', ''])
      await expectInvalid(
        (c) => c.get(`/v1/dashboard/queryBusinessStat?range=${range}`),
        A.client,
        'Incorrect format',
        '格式不正确',
        'range',
      );
    for (const [q, en, zh] of [
      ['utcOffset=900', 'Incorrect format', '格式不正确'],
      ['utcOffset=1.5', 'Must be an integer', '必须是整数'],
      ['utcOffset=x', 'Must be a number', '必须是数字'],
    ] as const)
      await expectInvalid((c) => c.get(`/v1/dashboard/queryBusinessStat?${q}`), A.client, en, zh, 'utcOffset');
    await expectInvalid(
      (c) => c.get('/v1/dashboard/queryTotalStat?accountId=0x1'),
      op,
      'Must be a number',
      '必须是数字',
      'accountId',
    );
  });
});
