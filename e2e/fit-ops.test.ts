import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { IMPORT_COLUMNS } from '@herald/contract';
import { OPERATOR, openShop, signedInPage, type Lang } from './fixtures-shop';
import type { ApiClient, Herald } from './harness';
import { ok, PNG_DATA_URL } from './story';
import { byId, poll, visible } from './ui';

/**
 * The last of issue 29's fit and finish, in Chromium: deletes that ask the server first, speakers
 * without a printer's fields, and a batch add offering the secrets it made once.
 */

const OWNER = { username: 'opsowner', email: 'owner@ops.test', password: 'OpsOwner#1' };

let herald: Herald;
let owner: ApiClient;
let modelIds: Record<string, number>;
let op: ApiClient;
let speakerId: number;

beforeAll(async () => {
  ({ herald, op, owner, modelIds } = await openShop({
    owner: OWNER,
    accountName: 'Ops Shop',
    models: [
      { name: 'Ops printer', code: 'OP80', type: 'printer' },
      { name: 'Ops speaker', code: 'OPS1', type: 'speaker' },
    ],
  }));
  const speaker = (await ok(owner.post('/v1/devices', { sn: 'OPSSPK0001', modelId: modelIds.OPS1 }), 'speaker')) as {
    id: number;
  };
  speakerId = speaker.id;
}, 120_000);
afterAll(async () => {
  await herald?.stop();
});

const ownerPage = (lang?: Lang) => signedInPage(herald, OWNER, lang);

test('a group delete tells how many devices move, as the server counts them now; a used template is refused before any confirmation', async () => {
  const group = (await ok(owner.post('/v1/groups', { name: 'Back room' }), 'group')) as { id: number };
  const template = (await ok(
    owner.post('/v1/templates', {
      name: 'Kitchen ticket',
      modelId: modelIds.OP80,
      body: 'Order {{no}}',
      params: [{ name: 'no', sample: '1' }],
    }),
    'template',
  )) as { id: number };
  await ok(owner.post('/v1/devices', { sn: 'OPSPRN0001', modelId: modelIds.OP80, groupId: group.id }), 'device');
  for (const [lang, sn, moves, refusal] of [
    [
      'en_US',
      'OPSPRN0002',
      'Its 2 device(s) will move to the default group.',
      'Template Kitchen ticket is used by 1 business(es)',
    ],
    ['zh_CN', 'OPSPRN0003', '其下 3 台设备将移至默认分组。', '模板 Kitchen ticket 正被 1 个业务使用'],
  ] as const) {
    const page = await ownerPage(lang);
    await page.goto('/device/device-group');
    await visible(page, `group-delete-${group.id}`);
    // the list was read before this device joined: the confirmation counts it
    await ok(owner.post('/v1/devices', { sn, modelId: modelIds.OP80, groupId: group.id }), 'device');
    await byId(page, `group-delete-${group.id}`).click();
    await poll(() => byId(page, 'group-delete-moves').textContent()).toBe(moves);
    await page.keyboard.press('Escape');

    await page.goto('/businessmgr/template');
    await visible(page, `template-delete-${template.id}`);
    if (lang === 'en_US')
      await ok(owner.post('/v1/businesses', { name: 'Kitchen', type: 0, templateId: template.id }), 'business');
    await byId(page, `template-delete-${template.id}`).click();
    await poll(() => page.locator('.herald-toast-warning').textContent()).toContain(refusal);
    expect(await page.locator('.ant-popconfirm:visible').count()).toBe(0);
    await page.close();
  }
});

test('a speaker shows no printer-only fields; a batch add without secrets offers the ones Herald made, once', async () => {
  const page = await ownerPage();
  await page.goto(`/device/list/detail?id=${speakerId}`);
  await visible(page, 'device-print-params');
  await visible(page, 'device-state-battery');
  expect(await byId(page, 'device-state-printer').count()).toBe(0);
  expect(await byId(page, 'device-paper-width').count()).toBe(0);
  await page.goto(`/device/list/edit-print?id=${speakerId}`);
  await visible(page, 'device-print-volume');
  expect(await byId(page, 'device-print-paper-width').count()).toBe(0);

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow([...IMPORT_COLUMNS]);
  ws.addRow(['OPSBATCH01', 'Till 1', 'OP80', '']);
  ws.addRow(['OPSBATCH02', 'Till 2', 'OPS1', '', 'factory_secret-0123456789']);
  ws.addRow(['OPSBATCH03', 'Till 3', 'OPS1', '']);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await page.goto('/device/list/batchAdd');
  await page
    .locator('[data-testid="device-import-upload"] input[type="file"]')
    .setInputFiles({ name: 'tills.xlsx', mimeType: 'application/octet-stream', buffer });
  await poll(() => byId(page, 'device-import-progress').getAttribute('data-status')).toBe('done');
  expect(await byId(page, 'device-import-secrets').textContent()).toContain('2 device(s)');
  await byId(page, 'device-import-secrets-show').click();
  const rows = page.locator('[data-testid="device-import-secrets-table"] tbody tr');
  await poll(() => rows.count()).toBe(2);
  const shown = (await rows.allTextContents()).join(' ');
  expect(shown).toContain('OPSBATCH01');
  expect(shown).not.toContain('OPSBATCH02');
  const saved = page.waitForEvent('download');
  await byId(page, 'device-import-secrets-download').click();
  const csv = await (await saved).createReadStream().then(async (s) => {
    let text = '';
    for await (const chunk of s) text += String(chunk);
    return text;
  });
  expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
  await byId(page, 'device-import-secrets-ok').click();
  // taken: offered no more (the server refuses a second take: fit-ops.test.ts in the integration suite)
  expect(await byId(page, 'device-import-secrets').count()).toBe(0);
  await page.close();
});

test("an operator reads every account's geofences and switches an account's push-delay alarm", async () => {
  const accounts = (await ok(op.get('/v1/common/accountListQuery'), 'accounts')) as { id: number; name: string }[];
  const shop = accounts.find((a) => a.name === 'Ops Shop')!;
  await ok(op.post(`/v1/accounts/${shop.id}/geo-service`, { enabled: true }), 'geo service');
  const fence = (await ok(
    owner.post('/v1/geo-fences', { name: 'Counter', lat: 22.5, lng: 114.1, radius: 150, deviceIds: [speakerId] }),
    'fence',
  )) as { id: number };

  const page = await signedInPage(herald, OPERATOR, 'zh_CN');
  await page.goto('/geo-fence/list');
  await poll(() => byId(page, `fence-account-${fence.id}`).textContent()).toBe('Ops Shop');
  expect(await page.locator('[data-testid="fence-table"] thead th').allTextContents()).toContain('账户');
  // read only: no add, edit or delete for an operator
  expect(await byId(page, `fence-edit-${fence.id}`).count()).toBe(0);
  expect(await byId(page, 'fence-add').count()).toBe(0);
  await byId(page, `fence-detail-${fence.id}`).click();
  await visible(page, 'fence-detail');

  // device-type names in the reader's language: the model list's column
  const types = (await ok(op.get('/v1/device-types'), 'types')) as { id: number; code: string }[];
  const typed = (await ok(
    op.post('/v1/models', {
      name: 'Typed printer',
      code: 'OPTY1',
      type: 'printer',
      image: PNG_DATA_URL,
      deviceTypeId: types.find((d) => d.code === 'cloud-printer')!.id,
    }),
    'typed model',
  )) as { id: number };
  await page.goto('/device/device-model');
  await poll(() => page.locator(`[data-testid="model-table"] tr[data-row-key="${typed.id}"]`).textContent()).toContain(
    '云打印机',
  );

  await page.goto(`/account/list/detail?id=${shop.id}`);
  const state = await visible(page, 'account-pushAlarm-state');
  expect(await state.getAttribute('data-enabled')).toBe('true');
  expect(await page.locator('.ant-descriptions-item-label').allTextContents()).toContain('推送延迟告警');
  await byId(page, 'account-pushAlarm-toggle').click();
  await (await visible(page, 'confirm-ok')).click();
  await poll(() => byId(page, 'account-pushAlarm-state').getAttribute('data-enabled')).toBe('false');
  await page.close();
});
