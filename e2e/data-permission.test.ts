import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type ApiClient, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import { activate, activationLink, byId, chooseOption, fill, openMenu, poll, signIn, visible, waitForPath } from './ui';

/**
 * "Own data only" in Chromium: the account admin creates a user whose data permission is "own
 * data only", assigns two of three printers to them from the device list (a batch, confirmed);
 * the user signs in and sees those two devices, the print records of theirs only, and counts of
 * two on the home page.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'permowner', email: 'owner@perm.test', password: 'PermOwner#1' };
const CLERK = { username: 'permclerk', email: 'clerk@perm.test', password: 'PermClerk#1' };
const PRINTER = { name: 'Perm printer', code: 'PERMPRN', type: 'printer' } as const;
const SNS = ['PERM0001', 'PERM0002', 'PERM0003'];
const ROLE = 'Counter clerk';

let herald: Herald;
let owner: ApiClient;
const deviceIds: number[] = [];
const jobIds: number[] = [];

beforeAll(async () => {
  herald = await startHerald();
  const { modelIds } = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'Perm Diner',
    models: [PRINTER],
  });
  owner = await herald.api().login(OWNER.username, OWNER.password);
  for (const sn of SNS) {
    const d = (await ok(owner.post('/v1/devices', { sn, modelId: modelIds[PRINTER.code] }), `add ${sn}`)) as {
      id: number;
    };
    deviceIds.push(d.id);
    // a test page each: a print record, kept "not pushed" while the printer is offline
    const sent = (await ok(owner.post(`/v1/devices/${d.id}/test-print`, {}), `test page ${sn}`)) as { jobId: number };
    jobIds.push(sent.jobId);
  }
  await ok(
    owner.post('/v1/roles', {
      name: ROLE,
      permissions: ['herald.device.physical.list.query', 'herald.stat.print.rec.query'],
    }),
    'role',
  );
});

afterAll(async () => {
  await herald?.stop();
});

test('an own-data user sees only the two devices assigned to them, their records and counts of two', async () => {
  // ---- the admin creates the user, "own data only"
  const admin = await herald.newPage();
  await signIn(admin, OWNER.username, OWNER.password);
  await openMenu(admin, 'user', '/user/list', 'adminRoot');
  await (await visible(admin, 'user-add')).click();
  await visible(admin, 'user-add-form');
  await fill(admin, 'user-username', CLERK.username);
  await fill(admin, 'user-email', CLERK.email);
  await admin.locator('[data-testid="user-add-form"] label', { hasText: 'Own data only' }).click();
  await chooseOption(admin, 'user-roles', ROLE);
  await byId(admin, 'user-submit').click();
  await waitForPath(admin, '/user/list');
  await visible(admin, `user-row-${CLERK.username}`);

  // ---- assigns two printers to them: a batch on the device list, chosen and confirmed
  await openMenu(admin, 'deviceList', '/device/list', 'deviceRoot');
  for (const sn of SNS.slice(0, 2)) await (await visible(admin, `device-select-${sn}`)).click();
  await byId(admin, 'device-batch').hover();
  await (await visible(admin, 'device-batch-assignOwner')).click();
  await chooseOption(admin, 'assign-owner-select', CLERK.username);
  await byId(admin, 'assign-owner-ok').click();
  await admin.getByText(`Assign 2 device(s) to ${CLERK.username}?`).waitFor();
  await byId(admin, 'confirm-ok').click();
  for (const sn of SNS.slice(0, 2))
    await poll(() => byId(admin, `device-owner-${sn}`).innerText()).toBe(CLERK.username);
  // the third stays with the admin, who added it
  expect(await byId(admin, `device-owner-${SNS[2]}`).innerText()).toBe(OWNER.username);

  // ---- the user activates, signs in and sees their two devices only
  const mail = await (await herald.api().login('admin', OP_PASSWORD)).latestMail(CLERK.email);
  const clerk = await herald.newPage();
  await activate(clerk, activationLink(mail.link, herald.url), CLERK.password);
  await signIn(clerk, CLERK.username, CLERK.password);
  await waitForPath(clerk, '/home');
  await poll(() => byId(clerk, 'stat-devices-total').getAttribute('data-value')).toBe('2');
  await poll(() => byId(clerk, 'stat-jobs-today').getAttribute('data-value')).toBe('2');

  await openMenu(clerk, 'deviceList', '/device/list', 'deviceRoot');
  await poll(() => clerk.locator('[data-testid^="device-row-"]').count()).toBe(2);
  for (const sn of SNS.slice(0, 2)) await visible(clerk, `device-row-${sn}`);
  expect(await clerk.locator(`[data-testid="device-row-${SNS[2]}"]`).count()).toBe(0);
  // no assigning for someone who sees their own data only
  expect(await clerk.locator('[data-testid="device-batch"]').count()).toBe(0);

  // ---- and the print records of their devices only
  await openMenu(clerk, 'printRecord', '/business-record/print', 'businessRoot');
  await poll(() => clerk.locator('[data-testid^="record-row-"]').count()).toBe(2);
  for (const id of jobIds.slice(0, 2)) await visible(clerk, `record-row-${id}`);
  expect(await clerk.locator(`[data-testid="record-row-${jobIds[2]}"]`).count()).toBe(0);

  // ---- a third device's page is "not found" to them
  const other = await (await herald.api().login(CLERK.username, CLERK.password)).get(`/v1/devices/${deviceIds[2]}`);
  expect(other.body.code).toBe(40004);
});
