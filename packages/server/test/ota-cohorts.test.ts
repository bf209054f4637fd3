import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '@herald/contract';
import { alertSettings, deviceGroups, devices, mails, webhookDeliveries } from '../src/db/schema';
import { seedAccount } from './fixtures';
import { expectError, expectOk } from './harness';
import { seedModel } from './devices-fixture';
import { seedFirmware, seedPack, waitUntil } from './ota-fixture';
import { NEW, onlineFleet, otaBench, seedDevices } from './ota-fleet';
import { uniq } from './people';

/**
 * Cohorts (named device sets: from a device-list filter, a spreadsheet, or picked by hand) as an
 * upgrade task's scope and as its canary phase; compatibility refusals at creation (a package
 * the scope's models cannot take) and before each offer (a declared minimum of the other slot);
 * the abort of a task reaching its owner through the alert channels. A task "minute" is 3 s.
 */
const b = otaBench(3_000);

async function newGroup() {
  const [g] = await b.server.deps.db
    .insert(deviceGroups)
    .values({ accountId: b.A.accountId, name: `G ${uniq()}` })
    .returning();
  return g!;
}

const base64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

async function createTask(extra: Record<string, unknown>) {
  return b.A.client.post('/v1/ota-tasks', {
    name: `Cohort task ${uniq()}`,
    type: 0,
    retries: 0,
    timeoutMinutes: 30,
    ...extra,
  });
}
const taskOf = async (id: number) => expectOk(await b.A.client.get(`/v1/ota-tasks/${id}`));
const executionsOf = async (id: number) =>
  expectOk(await b.A.client.get(`/v1/ota-tasks/${id}/executions?pageSize=200`)).list as {
    deviceId: number;
    sn: string;
    state: string;
    reason: string | null;
    phase: number;
  }[];

describe('cohorts', () => {
  it('are made from a filter, a spreadsheet (CSV, xlsx) or by hand; members are fixed when saved', async () => {
    const g = await newGroup();
    const prefix = `K${uniq()}`.toUpperCase().slice(0, 10);
    const { ids } = await seedDevices(b, prefix, 6, { groupId: g.id });
    const sns = (await b.server.deps.db.select({ sn: devices.sn }).from(devices).where(eq(devices.groupId, g.id)))
      .map((r) => r.sn)
      .sort();

    const byFilter = expectOk(
      await b.A.client.post('/v1/ota-cohorts', { name: `F ${prefix}`, source: 'filter', filter: { groupId: g.id } }),
    );
    expect(byFilter).toMatchObject({ source: 'filter', size: 6, filter: { groupId: g.id } });
    expect(byFilter.members.map((m: { id: number }) => m.id)).toEqual(ids);

    const csv = `SN\n${sns[0]}\n"${sns[1]}",extra\nNOSUCH${prefix}\n\n`;
    const byCsv = expectOk(
      await b.A.client.post('/v1/ota-cohorts', {
        name: `C ${prefix}`,
        source: 'file',
        file: { fileName: 'sns.csv', content: base64(csv) },
      }),
    );
    expect(byCsv).toMatchObject({ source: 'file', size: 2, notFound: [`NOSUCH${prefix}`] });

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Devices');
    ws.addRow(['Serial']);
    for (const sn of sns.slice(3)) ws.addRow([sn]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const byXlsx = expectOk(
      await b.A.client.post('/v1/ota-cohorts', {
        name: `X ${prefix}`,
        source: 'file',
        file: { content: `data:application/octet-stream;base64,${base64(xlsx)}` },
      }),
    );
    expect(byXlsx.members.map((m: { sn: string }) => m.sn)).toEqual(sns.slice(3));

    const byHand = expectOk(
      await b.A.client.post('/v1/ota-cohorts', { name: `M ${prefix}`, source: 'manual', deviceIds: [ids[0], ids[1]] }),
    );
    expect(byHand.size).toBe(2);

    // a device joining the group later is not a member: the filter was read when the cohort was saved
    await seedDevices(b, `${prefix}L`, 1, { groupId: g.id });
    expect(expectOk(await b.A.client.get(`/v1/ota-cohorts/${byFilter.id}`)).size).toBe(6);
    // saving it again with its filter reads the group anew
    const again = expectOk(
      await b.A.client.put(`/v1/ota-cohorts/${byFilter.id}`, { source: 'filter', filter: { groupId: g.id } }),
    );
    expect(again.size).toBe(7);

    expectError(
      await b.A.client.post('/v1/ota-cohorts', { name: `F ${prefix}`, source: 'manual', deviceIds: [ids[0]] }),
      ResultCode.CONFLICT,
      'A cohort with this name already exists',
    );
    expectError(
      await b.A.client.post('/v1/ota-cohorts', {
        name: `E ${prefix}`,
        source: 'filter',
        filter: { sn: 'NOSUCHDEVICE' },
      }),
      ResultCode.VALIDATION_FAILED,
      "The cohort would have no devices: none of the account's devices match",
    );
    const list = expectOk(await b.A.client.get(`/v1/ota-cohorts?name=${prefix}`));
    expect(list.total).toBe(4);

    // another account neither sees it nor uses it
    const other = await seedAccount(b.server);
    expectError(await other.client.get(`/v1/ota-cohorts/${byHand.id}`), ResultCode.NOT_FOUND);
    const fw = await seedFirmware(b.server, { accountId: null, modelId: b.model.id, version: NEW });
    expectError(
      await other.client.post('/v1/ota-tasks', {
        name: 'Not mine',
        type: 0,
        packageId: fw.id,
        scope: 'cohort',
        cohortId: byHand.id,
      }),
      ResultCode.VALIDATION_FAILED,
      'The selected cohort does not exist',
    );

    expectOk(await b.A.client.delete(`/v1/ota-cohorts/${byHand.id}`));
    expectError(await b.A.client.get(`/v1/ota-cohorts/${byHand.id}`), ResultCode.NOT_FOUND);
  });

  it('as a scope: the task takes the members of the moment, a device added to the cohort later is not taken in', async () => {
    const { fleet, ids } = await onlineFleet(b, 6);
    const fw = await seedFirmware(b.server, { accountId: b.A.accountId, modelId: b.model.id, version: '1.00.00.03' });
    const cohort = expectOk(
      await b.A.client.post('/v1/ota-cohorts', { name: `S ${uniq()}`, source: 'manual', deviceIds: ids.slice(0, 4) }),
    );
    const t = expectOk(await createTask({ packageId: fw.id, scope: 'cohort', cohortId: cohort.id }));
    expect(t).toMatchObject({ scope: 'cohort', cohortId: cohort.id, total: 4, deviceIds: ids.slice(0, 4) });
    expectOk(await b.A.client.put(`/v1/ota-cohorts/${cohort.id}`, { source: 'manual', deviceIds: ids }));
    const done = await waitUntil(async () => {
      const v = await taskOf(t.id);
      return v.schedule === 'ended' && v;
    }, 'the cohort task ends');
    expect(done).toMatchObject({ total: 4, counts: { succeeded: 4 } });
    expect(fleet.devices.map((d) => d.upgrades.length)).toEqual([1, 1, 1, 1, 0, 0]);
  });

  it('as a canary phase: its devices (wherever they sit in device order) run first, the rest wait for the approval', async () => {
    const { fleet, ids } = await onlineFleet(b, 12);
    const fw = await seedFirmware(b.server, { accountId: b.A.accountId, modelId: b.model.id, version: '1.00.00.04' });
    // the canary is the last three devices: a share phase would have taken the first ones
    const canary = ids.slice(-3);
    const cohort = expectOk(
      await b.A.client.post('/v1/ota-cohorts', { name: `Canary ${uniq()}`, source: 'manual', deviceIds: canary }),
    );
    const t = expectOk(
      await createTask({
        packageId: fw.id,
        scope: 'devices',
        deviceIds: ids,
        phases: [
          { cohortId: cohort.id, soakMinutes: 0, successThreshold: 100 },
          { percent: 100, soakMinutes: 0, successThreshold: 95, approval: true },
        ],
      }),
    );
    expect(t.phases[0]).toMatchObject({ cohortId: cohort.id, percent: 0 });
    const byDevice = new Map((await executionsOf(t.id)).map((e) => [e.deviceId, e.phase]));
    expect(ids.map((id) => byDevice.get(id))).toEqual(ids.map((id) => (canary.includes(id) ? 0 : 1)));

    const view = await waitUntil(async () => {
      const v = expectOk(await b.A.client.get(`/v1/ota-tasks/${t.id}/phases`));
      return v.phases[0].counts.succeeded === 3 && v.phases[0].waitingFor.includes('approval') && v;
    }, 'the canary succeeded');
    expect(view.phases[0]).toMatchObject({ cohortId: cohort.id, total: 3, waitingFor: ['approval'] });
    // nobody outside the canary was offered anything
    expect(fleet.devices.map((d) => d.upgrades.length)).toEqual(ids.map((id) => (canary.includes(id) ? 1 : 0)));

    expectOk(await b.A.client.post(`/v1/ota-tasks/${t.id}/approve`));
    const done = await waitUntil(async () => {
      const v = await taskOf(t.id);
      return v.schedule === 'ended' && v;
    }, 'every phase ran');
    expect(done.counts.succeeded).toBe(12);
  });

  it('a cohort phase with none of the scope in it is refused, and so is one of another account', async () => {
    const { ids } = await seedDevices(b, `N${uniq()}`.toUpperCase().slice(0, 10), 4);
    const fw = await seedFirmware(b.server, { accountId: b.A.accountId, modelId: b.model.id, version: '1.00.00.05' });
    const outside = expectOk(
      await b.A.client.post('/v1/ota-cohorts', { name: `O ${uniq()}`, source: 'manual', deviceIds: [ids[3]!] }),
    );
    const phases = [{ cohortId: outside.id }, { percent: 100 }];
    expectError(
      await createTask({ packageId: fw.id, scope: 'devices', deviceIds: ids.slice(0, 3), phases }),
      ResultCode.VALIDATION_FAILED,
      "None of the cohort's devices is in the task's scope",
    );
    expectError(
      await createTask({
        packageId: fw.id,
        scope: 'devices',
        deviceIds: ids,
        phases: [{ cohortId: outside.id, percent: 50 }, { percent: 100 }],
      }),
      ResultCode.VALIDATION_FAILED,
    );
  });
});

describe('compatibility', () => {
  it('a task is refused a firmware none of the scope’s models can take, in both languages', async () => {
    const g = await newGroup();
    await seedDevices(b, `M${uniq()}`.toUpperCase().slice(0, 10), 3, { groupId: g.id });
    const otherModel = await seedModel(b.server);
    const fw = await seedFirmware(b.server, {
      accountId: b.A.accountId,
      modelId: otherModel.id,
      version: '1.00.00.06',
    });
    const body = { name: `Wrong model ${uniq()}`, type: 0, packageId: fw.id, scope: 'group', groupIds: [g.id] };
    expectError(
      await b.A.client.post('/v1/ota-tasks', body),
      ResultCode.VALIDATION_FAILED,
      "The package is built for another model: no device in the scope's models can take it",
    );
    expectError(
      await b.A.client.withLang('zh_CN').post('/v1/ota-tasks', body),
      ResultCode.VALIDATION_FAILED,
      '该安装包适用于其他型号：所选范围内的设备型号均无法安装',
    );
    // one device of that model in the scope is enough: the others are skipped as before
    await seedDevices(b, `M${uniq()}`.toUpperCase().slice(0, 10), 1, { groupId: g.id, modelId: otherModel.id });
    const t = expectOk(await b.A.client.post('/v1/ota-tasks', body));
    expect(t.counts).toMatchObject({ queued: 1, skipped: 3 });
  });

  it("a firmware's minimum language pack and a pack's minimum firmware are checked before each offer: devices below are skipped with the reason", async () => {
    const packs = await onlineFleet(b, 2, { resources: { zh_CN: '2.00.00.00' } });
    const old = await onlineFleet(b, 2, { resources: { zh_CN: '1.00.00.01' } });
    const fw = await seedFirmware(b.server, {
      accountId: b.A.accountId,
      modelId: b.model.id,
      version: '1.00.00.07',
      minLanguagePackVersion: '2.00.00.00',
    });
    const t = expectOk(await createTask({ packageId: fw.id, scope: 'devices', deviceIds: [...packs.ids, ...old.ids] }));
    // every device was queued at creation: the check is the offer's
    expect(t.counts).toMatchObject({ queued: 4, skipped: 0 });
    const done = await waitUntil(async () => {
      const v = await taskOf(t.id);
      return v.schedule === 'ended' && v;
    }, 'the firmware task ends');
    expect(done.counts).toMatchObject({ succeeded: 2, skipped: 2 });
    const ex = await executionsOf(t.id);
    for (const e of ex.filter((x) => old.ids.includes(x.deviceId)))
      expect(e).toMatchObject({ state: 'skipped', reason: 'languagePackTooOld' });
    expect(old.fleet.devices.every((d) => d.upgrades.length === 0)).toBe(true);

    // a language pack that needs a newer firmware than the devices run (1.00.00.01)
    const pack = await seedPack(b.server, {
      accountId: b.A.accountId,
      version: '3.00.00.00',
      language: 'zh_CN',
      minFirmwareVersion: '1.00.00.05',
    });
    const p = expectOk(
      await b.A.client.post('/v1/ota-tasks', {
        name: `Pack ${uniq()}`,
        type: 1,
        packageId: pack.id,
        scope: 'devices',
        deviceIds: old.ids,
      }),
    );
    const ended = await waitUntil(async () => {
      const v = await taskOf(p.id);
      return v.schedule === 'ended' && v;
    }, 'the pack task ends');
    expect(ended.counts).toMatchObject({ skipped: 2, succeeded: 0 });
    for (const e of await executionsOf(p.id)) expect(e).toMatchObject({ reason: 'firmwareTooOld' });
  });
});

describe('abort alert', () => {
  it("an aborted task's owner is alerted by e-mail and the account's alert address, as the channels say", async () => {
    const { fleet, ids } = await onlineFleet(b, 6);
    fleet.applyFaults([{ fault: 'ota-bad-checksum', share: 1 }], fleet.devices);
    const email = `${b.A.username}@example.com`;
    expectOk(
      await b.A.client.post('/v1/account/setAlertChannels', {
        receivers: [{ userId: b.A.adminId, inAppKinds: ['fault'], emailKinds: ['otaAborted'] }],
      }),
    );
    // the address straight in the table: saving it through the API resolves its host
    await b.server.deps.db
      .update(alertSettings)
      .set({ webhookUrl: 'https://hooks.example.com/herald', webhookKinds: ['otaAborted'] })
      .where(eq(alertSettings.accountId, b.A.accountId));
    const fw = await seedFirmware(b.server, { accountId: b.A.accountId, modelId: b.model.id, version: '1.00.00.08' });
    const t = expectOk(
      await createTask({
        name: `Doomed ${uniq()}`,
        packageId: fw.id,
        scope: 'devices',
        deviceIds: ids,
        abortCriteria: [{ kind: 'failed', percent: 50, minFinished: 2 }],
      }),
    );
    await waitUntil(async () => (await taskOf(t.id)).halt === 'aborted', 'the abort');
    // written in the abort's own transaction: there the moment the task shows aborted
    const [mail] = await b.server.deps.db
      .select()
      .from(mails)
      .where(and(eq(mails.to, email), sql`${mails.subject} like ${`%${t.name}%`}`));
    expect(mail).toMatchObject({ kind: 'alert', subject: `[Herald alert] Upgrade task "${t.name}" was aborted` });
    expect(mail!.body).toContain(`/resource/task/detail/${t.id}`);
    const [hook] = await b.server.deps.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.accountId, b.A.accountId), eq(webhookDeliveries.event, 'otaTaskAborted')));
    expect(hook!.payload).toMatchObject({ taskId: t.id, name: t.name, reason: { by: 'criterion', kind: 'failed' } });
  });
});
