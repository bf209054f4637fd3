import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceStatus } from '@herald/contract';
import { deviceGroups, devices, otaExecutions, otaTasks } from '../src/db/schema';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, type Client, expectError, expectOk, startServer } from './harness';
import { eventually, seedDevice, seedModel } from './devices-fixture';
import { seedFirmware, seedPack, setVersions, tempDataDir } from './ota-fixture';
import { auditLines, expectInvalid, uniq } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let model: Awaited<ReturnType<typeof seedModel>>;
let otherModel: Awaited<ReturnType<typeof seedModel>>;
let fw: Awaited<ReturnType<typeof seedFirmware>>;

const later = (min: number) => new Date(Date.now() + min * 60_000).toISOString();
const task = (body: Record<string, unknown> = {}) => ({
  name: `Task ${uniq()}`,
  type: 0,
  packageId: fw.id,
  scope: 'all',
  ...body,
});

/** An enabled device of account A on `firmware`, offline (the engine offers nothing to it). */
async function device(firmware: string | null = '1.00.00.01', opts: { modelId?: number; status?: number } = {}) {
  const d = await seedDevice(server, A.accountId, opts.modelId ?? model.id, { status: opts.status });
  if (firmware) await setVersions(server, d.id, firmware);
  return d;
}

/** A group of A holding the given devices. */
async function group(ids: number[]) {
  const [g] = await server.deps.db
    .insert(deviceGroups)
    .values({ accountId: A.accountId, name: `G ${uniq()}` })
    .returning();
  for (const id of ids) await server.deps.db.update(devices).set({ groupId: g!.id }).where(eq(devices.id, id));
  return g!;
}

async function executionsOf(taskId: number, client = A.client) {
  return expectOk(await client.get(`/v1/ota-tasks/${taskId}/executions?pageSize=200`)).list as {
    id: number;
    deviceId: number;
    state: string;
    reason: string | null;
  }[];
}

beforeAll(async () => {
  server = await startServer({ DATA_DIR: tempDataDir(), OTA_TICK_MS: '100' });
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  model = await seedModel(server);
  otherModel = await seedModel(server);
  fw = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '1.00.00.05' });
});
afterAll(async () => {
  await server?.close();
});

describe('create', () => {
  it('evaluates every device in scope: queued, or skipped with its reason', async () => {
    const g = await group([]);
    const pkg = await seedFirmware(server, {
      accountId: A.accountId,
      modelId: model.id,
      version: '2.00.00.00',
      minUpgradeVersion: '1.00.00.00',
    });
    const ok1 = await device('1.00.00.01');
    const onTarget = await device('2.00.00.00');
    const below = await device('0.09.00.00');
    const disabled = await device('1.00.00.01', { status: DeviceStatus.DISABLED });
    const wrongModel = await device('1.00.00.01', { modelId: otherModel.id });
    const unknownVersion = await device(null);
    const ids = [ok1, onTarget, below, disabled, wrongModel, unknownVersion].map((d) => d.id);
    await server.deps.db.update(devices).set({ groupId: g.id }).where(eq(devices.id, ids[0]!));
    const t = expectOk(
      await A.client.post('/v1/ota-tasks', task({ packageId: pkg.id, scope: 'devices', deviceIds: ids })),
    );
    expect(t).toMatchObject({
      creationStatus: 2,
      status: expect.any(Number),
      schedule: 'inProgress',
      toVersion: '2.00.00.00',
      creationNote: null,
      total: 6,
    });
    const byDevice = new Map((await executionsOf(t.id)).map((e) => [e.deviceId, e]));
    expect(byDevice.get(ok1.id)).toMatchObject({ state: 'queued', reason: null });
    expect(byDevice.get(onTarget.id)).toMatchObject({ state: 'skipped', reason: 'alreadyOnTarget' });
    expect(byDevice.get(below.id)).toMatchObject({ state: 'skipped', reason: 'belowMinimum' });
    expect(byDevice.get(disabled.id)).toMatchObject({ state: 'skipped', reason: 'deviceDisabled' });
    expect(byDevice.get(wrongModel.id)).toMatchObject({ state: 'skipped', reason: 'modelMismatch' });
    expect(byDevice.get(unknownVersion.id)).toMatchObject({ state: 'queued' });
    expect(await auditLines(server, 'otaTask', 'add', `(id ${t.id})`)).toHaveLength(1);
  });

  it('split packages need the base version; fromVersion narrows to devices on it', async () => {
    const split = await seedFirmware(server, {
      accountId: A.accountId,
      modelId: model.id,
      version: '3.00.00.00',
      split: true,
      baseVersion: '2.50.00.00',
    });
    const onBase = await device('2.50.00.00');
    const offBase = await device('2.40.00.00');
    const t = expectOk(
      await A.client.post(
        '/v1/ota-tasks',
        task({ packageId: split.id, scope: 'devices', deviceIds: [onBase.id, offBase.id] }),
      ),
    );
    const ex = new Map((await executionsOf(t.id)).map((e) => [e.deviceId, e]));
    expect(ex.get(onBase.id)).toMatchObject({ state: 'queued' });
    expect(ex.get(offBase.id)).toMatchObject({ state: 'skipped', reason: 'baseVersionMismatch' });

    const whole = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '3.10.00.00' });
    const a = await device('2.10.00.00');
    const b = await device('2.20.00.00');
    const t2 = expectOk(
      await A.client.post(
        '/v1/ota-tasks',
        task({ packageId: whole.id, scope: 'devices', deviceIds: [a.id, b.id], fromVersion: '2.10.00.00' }),
      ),
    );
    const ex2 = new Map((await executionsOf(t2.id)).map((e) => [e.deviceId, e]));
    expect(ex2.get(a.id)).toMatchObject({ state: 'queued' });
    expect(ex2.get(b.id)).toMatchObject({ state: 'skipped', reason: 'fromVersionMismatch' });
    await expectInvalid(
      (c) => c.post('/v1/ota-tasks', task({ packageId: whole.id, scope: 'all', fromVersion: 'v2' })),
      A.client,
      'Incorrect format',
      '格式不正确',
      'fromVersion',
    );
  });

  it('one active task per device and kind: a busy device failed creation (someDevicesFailed)', async () => {
    const d1 = await device();
    const d2 = await device();
    const pkg = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '4.00.00.00' });
    expectOk(await A.client.post('/v1/ota-tasks', task({ packageId: pkg.id, scope: 'devices', deviceIds: [d1.id] })));
    const res = await A.client.post('/v1/ota-tasks', task({ scope: 'devices', deviceIds: [d1.id, d2.id] }));
    expect(res.body.message).toBe('Some devices failed task creation');
    const t = expectOk(res);
    expect(t.creationNote).toBe('someFailed');
    const ex = new Map((await executionsOf(t.id)).map((e) => [e.deviceId, e]));
    expect(ex.get(d1.id)).toMatchObject({ state: 'skipped', reason: 'busy' });
    expect(ex.get(d2.id)).toMatchObject({ state: 'queued' });
    // a language pack is another slot: the same device takes it
    const pack = await seedPack(server, { accountId: A.accountId, version: '1.2.0', language: 'en_US' });
    const lt = expectOk(
      await A.client.post('/v1/ota-tasks', task({ type: 1, packageId: pack.id, scope: 'devices', deviceIds: [d1.id] })),
    );
    expect(lt).toMatchObject({ language: 'en_US', toVersion: '1.2.0' });
    expect((await executionsOf(lt.id))[0]).toMatchObject({ state: 'queued' });
  });

  it('two tasks created at once for the same device: exactly one holds it', async () => {
    const d = await device();
    const p1 = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '4.10.00.00' });
    const p2 = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '4.20.00.00' });
    const both = await Promise.all(
      [p1, p2].map((p) =>
        A.client.post('/v1/ota-tasks', task({ packageId: p.id, scope: 'devices', deviceIds: [d.id] })),
      ),
    );
    // the loser has no device left: "No devices meet the upgrade conditions", nothing kept
    expect(both.map((r) => r.body.code).sort()).toEqual([20000, 40010]);
    const held = await server.deps.db.select().from(otaExecutions).where(eq(otaExecutions.deviceId, d.id));
    expect(held.filter((e) => e.state === 'queued')).toHaveLength(1);
  });

  it('unknown S/Ns count as failed creation; in Chinese too', async () => {
    const d = await device();
    const res = await A.client
      .withLang('zh_CN')
      .post('/v1/ota-tasks', task({ scope: 'sn', sns: [d.sn, 'NOSUCHSN0001'] }));
    expect(res.body.message).toBe('部分设备创建任务失败');
    expect(expectOk(res)).toMatchObject({ creationNote: 'someFailed', total: 1 });
  });

  it('no device left to upgrade: nothing kept, "No devices meet the upgrade conditions"', async () => {
    const d = await device('1.00.00.05');
    const before = (await server.deps.db.select().from(otaExecutions)).length;
    const name = `Nothing ${uniq()}`;
    await expectInvalid(
      (c) => c.post('/v1/ota-tasks', task({ name, scope: 'devices', deviceIds: [d.id] })),
      A.client,
      'No devices meet the upgrade conditions',
      '没有满足升级条件的设备',
    );
    expect((await server.deps.db.select().from(otaExecutions)).length).toBe(before);
    expect(expectOk(await A.client.get(`/v1/ota-tasks?name=${encodeURIComponent(name)}`)).total).toBe(0);
    expect(await auditLines(server, 'otaTask', 'add', name)).toHaveLength(0);
  });

  it('spec validation messages', async () => {
    const d = await device();
    await expectInvalid(
      (c) => c.post('/v1/ota-tasks', task({ scope: 'devices', deviceIds: [d.id], effectiveTime: later(2) })),
      A.client,
      'The triggering time needs to be more than five minutes later than the current time',
      '触发时间需晚于当前时间五分钟以上',
      'effectiveTime',
    );
    await expectInvalid(
      (c) => c.post('/v1/ota-tasks', task({ scope: 'group', groupIds: [1], sns: [d.sn] })),
      A.client,
      'Only one of by group or by S/N may be chosen',
      '按分组和按 S/N 只能选择其一',
      'sns',
    );
    await expectInvalid(
      (c) => c.post('/v1/ota-tasks', task({ scope: 'devices' })),
      A.client,
      'Please select at least one record',
      '请至少选择一条记录',
      'deviceIds',
    );
    await expectInvalid(
      (c) => c.post('/v1/ota-tasks', task({ scope: 'all' })),
      op,
      'Please select an application or account first',
      '请先选择应用或账户',
      'accountId',
    );
    const bGroup = await server.deps.db
      .insert(deviceGroups)
      .values({ accountId: B.accountId, name: `G ${uniq()}` })
      .returning();
    await expectInvalid(
      (c) => c.post('/v1/ota-tasks', task({ scope: 'group', groupIds: [bGroup[0]!.id] })),
      A.client,
      'The selected group does not exist',
      '所选分组不存在',
      'groupIds',
    );
    // B's own firmware is not A's to use; a firmware id given as a language pack is not a pack
    const bFw = await seedFirmware(server, { accountId: B.accountId, modelId: model.id, version: '9.00.00.00' });
    await expectInvalid(
      (c) => c.post('/v1/ota-tasks', task({ packageId: bFw.id })),
      A.client,
      'The selected package does not exist',
      '所选安装包不存在',
      'packageId',
    );
    const other = await seedPack(server, {
      accountId: A.accountId,
      version: '1.0.0',
      kind: 'resource',
      language: null,
    });
    await expectInvalid(
      (c) => c.post('/v1/ota-tasks', task({ type: 1, packageId: other.id })),
      A.client,
      'The selected package does not exist',
      '所选安装包不存在',
      'packageId',
    );
    const noLang = await seedPack(server, { accountId: A.accountId, version: '1.0.1', language: null });
    await expectInvalid(
      (c) => c.post('/v1/ota-tasks', task({ type: 1, packageId: noLang.id })),
      A.client,
      'Language is required for a language package task',
      '语言包任务需要选择语言',
      'language',
    );
    const blank = await A.client.post('/v1/ota-tasks', { ...task(), name: '' });
    expect(blank.body.code).toBe(40010);
    expect(blank.body.data.errors.map((e: { field: string }) => e.field)).toContain('name');
  });

  it('operators create for the account they name and may use platform packages', async () => {
    const platform = await seedFirmware(server, { accountId: null, modelId: model.id, version: '5.00.00.00' });
    const d = await device();
    const t = expectOk(
      await op.post(
        '/v1/ota-tasks',
        task({ accountId: A.accountId, packageId: platform.id, scope: 'sn', sns: [d.sn] }),
      ),
    );
    expect(t).toMatchObject({ accountId: A.accountId, total: 1, packageName: platform.name });
    // B's device S/N under A's task: unknown to A, so nothing to upgrade
    const bd = await seedDevice(server, B.accountId, model.id);
    await expectInvalid(
      (c) =>
        c.post('/v1/ota-tasks', task({ accountId: A.accountId, packageId: platform.id, scope: 'sn', sns: [bd.sn] })),
      op,
      'No devices meet the upgrade conditions',
      '没有满足升级条件的设备',
    );
  });
});

describe('edit, cancel, list and detail', () => {
  it('edits only before the start, then "The task has started and can no longer be edited"', async () => {
    const d = await device();
    const pkg = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '6.00.00.00' });
    const t = expectOk(
      await A.client.post(
        '/v1/ota-tasks',
        task({ packageId: pkg.id, scope: 'devices', deviceIds: [d.id], effectiveTime: later(60) }),
      ),
    );
    expect(t).toMatchObject({ creationStatus: 1, status: 1, schedule: 'notStarted' });
    const e = expectOk(await A.client.put(`/v1/ota-tasks/${t.id}`, { name: 'Renamed', pace: 10, retries: 4 }));
    expect(e).toMatchObject({ name: 'Renamed', pace: 10, retries: 4, creationStatus: 1 });
    expect(await auditLines(server, 'otaTask', 'edit', `(id ${t.id})`)).toHaveLength(1);
    await expectInvalid(
      (c) => c.put(`/v1/ota-tasks/${t.id}`, { effectiveTime: later(1) }),
      A.client,
      'The triggering time needs to be more than five minutes later than the current time',
      '触发时间需晚于当前时间五分钟以上',
      'effectiveTime',
    );
    const running = expectOk(
      await A.client.post('/v1/ota-tasks', task({ scope: 'devices', deviceIds: [(await device()).id] })),
    );
    await expectInvalid(
      (c) => c.put(`/v1/ota-tasks/${running.id}`, { name: 'Too late' }),
      A.client,
      'The task has started and can no longer be edited',
      '任务已开始，无法再编辑',
    );
  });

  it('cancel: queued executions cancelled, then "The task has already ended"', async () => {
    const d = await device();
    const pkg = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '6.10.00.00' });
    const t = expectOk(
      await A.client.post(
        '/v1/ota-tasks',
        task({ packageId: pkg.id, scope: 'devices', deviceIds: [d.id], effectiveTime: later(60) }),
      ),
    );
    const c = expectOk(await A.client.post(`/v1/ota-tasks/${t.id}/cancel`));
    expect(c).toMatchObject({ creationStatus: 4, status: 5, schedule: 'ended' });
    expect(c.counts.cancelled).toBe(1);
    expect((await executionsOf(t.id))[0]).toMatchObject({ state: 'cancelled', reason: 'taskCancelled' });
    expect(await auditLines(server, 'otaTask', 'cancel', `(id ${t.id})`)).toHaveLength(1);
    await expectInvalid(
      (cl) => cl.post(`/v1/ota-tasks/${t.id}/cancel`),
      A.client,
      'The task has already ended',
      '任务已结束',
    );
    await expectInvalid(
      (cl) => cl.put(`/v1/ota-tasks/${t.id}`, { name: 'x' }),
      A.client,
      'The task has started and can no longer be edited',
      '任务已开始，无法再编辑',
    );
  });

  it('lists with filters, counts per state, progress, executions and their history', async () => {
    const name = `Listed ${uniq()}`;
    const d1 = await device();
    const d2 = await device('1.00.00.05');
    const t = expectOk(
      await A.client.post('/v1/ota-tasks', task({ name, scope: 'devices', deviceIds: [d1.id, d2.id] })),
    );
    const page = expectOk(
      await A.client.get(`/v1/ota-tasks?name=${encodeURIComponent(name)}&schedule=inProgress&type=0`),
    );
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ id: t.id, total: 2, counts: { queued: 1, skipped: 1, succeeded: 0 } });
    expect(expectOk(await A.client.get(`/v1/ota-tasks?name=${encodeURIComponent(name)}&schedule=ended`)).total).toBe(0);
    expect(expectOk(await A.client.get(`/v1/ota-tasks?name=${encodeURIComponent(name)}&type=1`)).total).toBe(0);
    expect(expectOk(await A.client.get(`/v1/ota-tasks?name=${encodeURIComponent(name)}&status=5`)).total).toBe(0);
    const sorted = expectOk(await A.client.get('/v1/ota-tasks?sortField=id&sortOrder=ascend&pageSize=200')).list;
    expect(sorted.map((x: { id: number }) => x.id)).toEqual(
      [...sorted.map((x: { id: number }) => x.id)].sort((a, b) => a - b),
    );
    // operators see every account's tasks, or one account's
    const opPage = expectOk(await op.get(`/v1/ota-tasks?accountId=${A.accountId}&name=${encodeURIComponent(name)}`));
    expect(opPage.list[0]).toMatchObject({ id: t.id, accountName: expect.any(String) });
    expect(
      expectOk(await op.get(`/v1/ota-tasks?accountId=${B.accountId}&name=${encodeURIComponent(name)}`)).total,
    ).toBe(0);

    const detail = expectOk(await A.client.get(`/v1/ota-tasks/${t.id}`));
    expect(detail).toMatchObject({ deviceIds: [d1.id, d2.id], groupIds: [], sns: [], expireAt: expect.any(String) });

    const progress = expectOk(await A.client.get(`/v1/ota-tasks/${t.id}/progress`));
    expect(progress.total).toBe(2);
    expect(progress.series.length).toBeGreaterThan(0);
    expect(progress.series.length).toBeLessThanOrEqual(60);
    expect(progress.series.at(-1)).toMatchObject({ queued: 1, succeeded: 0, failed: 0 });

    const skipped = expectOk(await A.client.get(`/v1/ota-tasks/${t.id}/executions?state=skipped`));
    expect(skipped.list).toHaveLength(1);
    expect(skipped.list[0]).toMatchObject({ sn: d2.sn, reason: 'alreadyOnTarget' });
    const bySn = expectOk(await A.client.get(`/v1/ota-tasks/${t.id}/executions?sn=${d1.sn}`));
    expect(bySn.list.map((e: { sn: string }) => e.sn)).toEqual([d1.sn]);
    const one = expectOk(await A.client.get(`/v1/ota-tasks/${t.id}/executions/${skipped.list[0].id}`));
    expect(one.history).toEqual([expect.objectContaining({ state: 'skipped', reason: 'alreadyOnTarget', attempt: 0 })]);
    expectError(await A.client.get(`/v1/ota-tasks/${t.id}/executions/999999`), 40004);
  });
});

describe('the engine on devices that never connect', () => {
  it('a deleted device is cancelled (deviceDeleted); a task past its end expires (taskExpired)', async () => {
    const gone = await device();
    const stays = await device();
    const pkg = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '8.00.00.00' });
    const t = expectOk(
      await A.client.post(
        '/v1/ota-tasks',
        task({ packageId: pkg.id, scope: 'devices', deviceIds: [gone.id, stays.id] }),
      ),
    );
    await server.deps.db.update(devices).set({ status: DeviceStatus.DELETED }).where(eq(devices.id, gone.id));
    await eventually(async () => {
      const ex = await executionsOf(t.id);
      return ex.find((e) => e.deviceId === gone.id)?.reason === 'deviceDeleted';
    }, 'deleted device cancelled');
    await server.deps.db
      .update(otaTasks)
      .set({ expireAt: new Date(Date.now() - 1000) })
      .where(eq(otaTasks.id, t.id));
    const expired = await eventually(async () => {
      const v = expectOk(await A.client.get(`/v1/ota-tasks/${t.id}`));
      return v.creationStatus === 5 && v;
    }, 'expired');
    expect(expired).toMatchObject({ status: 6, schedule: 'ended', counts: { cancelled: 2, queued: 0 } });
    const byDevice = new Map((await executionsOf(t.id)).map((e) => [e.deviceId, e]));
    expect(byDevice.get(stays.id)).toMatchObject({ state: 'cancelled', reason: 'taskExpired' });
  });
});

describe('retries waiting for their device', () => {
  it('time out when the device stays away, but not when only the pace holds them back', async () => {
    const away = await device();
    const here = await device();
    const pkg = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '8.20.00.00' });
    const t = expectOk(
      await A.client.post(
        '/v1/ota-tasks',
        task({ packageId: pkg.id, scope: 'devices', deviceIds: [away.id, here.id] }),
      ),
    );
    // both are retries past their wait deadline; one device is online, its offer not yet due (the pace's turn)
    await server.deps.db.update(devices).set({ online: true }).where(eq(devices.id, here.id));
    await server.deps.db
      .update(otaExecutions)
      .set({
        attempt: 2,
        notBefore: new Date(Date.now() + 3_600_000),
        deadlineAt: new Date(Date.now() - 1000),
      })
      .where(eq(otaExecutions.taskId, t.id));
    await eventually(async () => {
      const ex = await executionsOf(t.id);
      return ex.find((e) => e.deviceId === away.id)?.state === 'timedOut';
    }, 'the absent device timed out');
    const byDevice = new Map((await executionsOf(t.id)).map((e) => [e.deviceId, e]));
    expect(byDevice.get(away.id)).toMatchObject({ state: 'timedOut', reason: 'noResponse' });
    // the same pass saw both: the online device's retry is still waiting for its turn
    expect(byDevice.get(here.id)).toMatchObject({ state: 'queued' });
  });
});

describe('a scheduled task whose devices all dropped out before the start', () => {
  it('ends as create failed (-1) with the note that no devices meet the conditions', async () => {
    const only = await device();
    const pkg = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '8.10.00.00' });
    const t = expectOk(
      await A.client.post(
        '/v1/ota-tasks',
        task({ packageId: pkg.id, scope: 'devices', deviceIds: [only.id], effectiveTime: later(10) }),
      ),
    );
    expect(t).toMatchObject({ creationStatus: 1, schedule: 'notStarted' });
    await server.deps.db.update(devices).set({ status: DeviceStatus.DELETED }).where(eq(devices.id, only.id));
    await eventually(async () => {
      const ex = await executionsOf(t.id);
      return ex[0]?.reason === 'deviceDeleted';
    }, 'deleted device cancelled');
    // the start time comes
    await server.deps.db
      .update(otaTasks)
      .set({ effectiveAt: new Date(Date.now() - 1000) })
      .where(eq(otaTasks.id, t.id));
    const failed = await eventually(async () => {
      const v = expectOk(await A.client.get(`/v1/ota-tasks/${t.id}`));
      return v.creationStatus === -1 && v;
    }, 'create failed');
    expect(failed).toMatchObject({ status: 4, schedule: 'ended', creationNote: 'noDevices' });
  });
});

describe('access', () => {
  let t: { id: number } = { id: 0 };
  let exId: number;
  beforeAll(async () => {
    const d = await device();
    const pkg = await seedFirmware(server, { accountId: A.accountId, modelId: model.id, version: '7.00.00.00' });
    t = expectOk(
      await A.client.post(
        '/v1/ota-tasks',
        task({ packageId: pkg.id, scope: 'devices', deviceIds: [d.id], effectiveTime: later(60) }),
      ),
    ) as { id: number };
    exId = (await executionsOf(t.id))[0]!.id;
  });
  const endpoints = () =>
    [
      ['query', (c: Client) => c.get('/v1/ota-tasks')],
      ['query', (c: Client) => c.get(`/v1/ota-tasks/${t.id}`)],
      ['query', (c: Client) => c.get(`/v1/ota-tasks/${t.id}/progress`)],
      ['query', (c: Client) => c.get(`/v1/ota-tasks/${t.id}/executions`)],
      ['query', (c: Client) => c.get(`/v1/ota-tasks/${t.id}/executions/${exId}`)],
      ['add', (c: Client) => c.post('/v1/ota-tasks', task({ scope: 'all' }))],
      ['edit', (c: Client) => c.put(`/v1/ota-tasks/${t.id}`, { name: 'x' })],
      ['cancel', (c: Client) => c.post(`/v1/ota-tasks/${t.id}/cancel`)],
    ] as const;

  it('every endpoint needs its permission (40003), on both sides', async () => {
    const acNone = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.query'],
    });
    const opNone = await seedRoleUser(server, { side: 'op', permissions: ['herald.device.query'] });
    for (const [, call] of endpoints()) {
      expectError(await call(acNone.client), 40003);
      expectError(await call(opNone.client), 40003);
    }
    const acQuery = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.ota.task.query'],
    });
    for (const [perm, call] of endpoints()) {
      const res = await call(acQuery.client);
      if (perm === 'query') expectOk(res);
      else expectError(res, 40003);
    }
  });

  it("another account's task is not found on every endpoint, and not listed", async () => {
    for (const [perm, call] of endpoints()) {
      if (perm === 'add') continue;
      const res = await call(B.client);
      if (res.body.data?.list) expect(res.body.data.list.map((x: { id: number }) => x.id)).not.toContain(t.id);
      else expectError(res, 40004);
    }
    // naming another account is refused
    expectError(await B.client.post('/v1/ota-tasks', task({ accountId: A.accountId })), 40003);
    expectError(await B.client.get(`/v1/ota-tasks?accountId=${A.accountId}`), 20000);
    expect(expectOk(await B.client.get(`/v1/ota-tasks?accountId=${A.accountId}`)).total).toBe(0);
  });
});
