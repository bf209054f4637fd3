import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type Herald } from './harness';
import { png } from './png';
import { ok, operatorAndAccount } from './story';
import { byId, fill, poll, signIn, visible, waitForPath, WAIT } from './ui';

/**
 * The device QR code page, in Chromium: an account admin signs in and lands on it (the spec's
 * first-page rule), sees each device's QR code, filters by S/N, prints labels of the selected
 * devices, downloads one as PNG, and turns on a device's QR code that was off.
 *
 * Setup (operator, account, model, devices) goes through the API; the story goes through the UI.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'qrowner', email: 'owner@qr.test', password: 'QrOwner#2024' };
const MODEL_CODE = 'QRC58';
const ON = ['QRC0000001', 'QRC0000002'];
const OFF = 'QRC0000003';

let herald: Herald;
let op: Awaited<ReturnType<typeof operatorAndAccount>>['op'];

beforeAll(async () => {
  herald = await startHerald();
  await setUp();
});

afterAll(async () => {
  await herald?.stop();
});

/** Three printers of the account: two with their QR code on, one left off (the default). */
async function setUp(): Promise<void> {
  const made = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'QR Cafe',
    models: [{ name: 'Counter printer', code: MODEL_CODE, type: 'printer' }],
  });
  op = made.op;
  const modelIds = made.modelIds;
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  for (const sn of [...ON, OFF]) {
    const d = (await ok(
      owner.post('/v1/devices', { sn, name: `Till ${sn.slice(-1)}`, modelId: modelIds[MODEL_CODE] }),
      `add ${sn}`,
    )) as {
      id: number;
    };
    if (ON.includes(sn)) await ok(owner.post(`/v1/devices/${d.id}/qr`, { enabled: true }), `QR on for ${sn}`);
  }
}

/** The S/Ns listed in the table, in order. */
const listedSns = (page: Awaited<ReturnType<Herald['newPage']>>) =>
  page
    .locator('[data-testid="device-code-table"] [data-testid^="device-code-state-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('device-code-state-'.length)).sort());

test('an account admin lands on the device QR page, filters, prints labels, downloads a PNG and turns a QR code on', async () => {
  const page = await herald.newPage();

  // ---- first-page rule: the account admin holds herald.device.qrcode
  await signIn(page, OWNER.username, OWNER.password);
  await waitForPath(page, '/device/device-code');
  await visible(page, 'device-code-table');
  await poll(() => listedSns(page)).toEqual([...ON, OFF].sort());

  // ---- each row shows its QR code as a canvas; the one that is off is marked so
  for (const sn of ON) {
    await visible(page, `device-code-image-${sn}`);
    expect(await page.locator(`[data-testid="device-code-image-${sn}"] canvas`).count()).toBe(1);
    expect(await byId(page, `device-code-state-${sn}`).getAttribute('data-enabled')).toBe('true');
  }
  expect(await byId(page, `device-code-image-${OFF}`).getAttribute('data-enabled')).toBe('false');
  expect(await byId(page, `device-code-image-${OFF}`).textContent()).toContain('QR code off');
  expect(await byId(page, `device-code-qr-${OFF}`).textContent()).toBe('Turn on');

  // ---- filter by S/N
  await page.locator('[data-testid="device-code-table"] input#sn').fill(ON[1]!);
  await page.locator('[data-testid="device-code-table"] .ant-pro-query-filter button.ant-btn-primary').click();
  await poll(() => listedSns(page)).toEqual([ON[1]]);
  await page.locator('[data-testid="device-code-table"] input#sn').fill('');
  await page.locator('[data-testid="device-code-table"] .ant-pro-query-filter button.ant-btn-primary').click();
  await poll(() => listedSns(page)).toEqual([...ON, OFF].sort());

  // ---- select all three → print labels: the two that are on get labels, the one that is off is named
  expect(await byId(page, 'device-code-print').isDisabled()).toBe(true);
  for (const sn of [...ON, OFF]) await byId(page, `device-code-select-${sn}`).check();
  await (await visible(page, 'device-code-print')).click();
  const sheet = await visible(page, 'device-code-sheet');
  await poll(() =>
    sheet.locator('[data-testid^="device-code-label-"]').evaluateAll((els) => els.map((e) => e.textContent ?? '')),
  ).toEqual([`${ON[0]}Till 1`, `${ON[1]}Till 2`]);
  expect(await sheet.locator('canvas').count()).toBe(2);
  expect(await byId(page, 'device-code-sheet-left-out').textContent()).toContain(OFF);
  // printing calls the browser's print dialog; the stub records the call instead of blocking
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await byId(page, 'device-code-sheet-print').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await byId(page, 'device-code-sheet-cancel').click();
  await byId(page, 'device-code-sheet').waitFor({ state: 'hidden', timeout: WAIT });

  // ---- download one QR code as PNG
  const download = page.waitForEvent('download', { timeout: WAIT });
  await byId(page, `device-code-png-${ON[0]}`).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${ON[0]}.png`);
  const png = fs.readFileSync((await file.path())!);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.length).toBeGreaterThan(1000);

  // ---- where the labels lead: a visitor who is not signed in scans them
  const visitor = await herald.newPage();
  await visitor.goto(`/d/${ON[0]}`);
  await visible(visitor, 'device-card');
  expect(await byId(visitor, 'device-card-name').textContent()).toBe('Till 1');
  expect(await byId(visitor, 'device-card-sn').textContent()).toBe(ON[0]);
  expect(await byId(visitor, 'device-card-status').textContent()).toContain('Offline');
  // the one whose QR code is off is not available, like an S/N that does not exist
  for (const sn of [OFF, 'QRC9999999']) {
    await visitor.goto(`/d/${sn}`);
    await visible(visitor, 'device-card-unavailable');
    expect(await byId(visitor, 'device-card-unavailable').textContent()).toContain('This device is not available');
  }

  // ---- the second one gets a QR password: the visitor must give it first
  await byId(page, `device-code-qr-${ON[1]}`).click();
  await (await visible(page, 'qr-change-password')).click();
  await fill(page, 'qr-password', 'Till2pass');
  await byId(page, 'qr-ok').click();
  await byId(page, 'qr-ok').waitFor({ state: 'hidden', timeout: WAIT });
  await visitor.goto(`/d/${ON[1]}`);
  await visible(visitor, 'device-card-locked');
  await fill(visitor, 'device-card-password', 'wrong1');
  await byId(visitor, 'device-card-unlock').click();
  await poll(() => byId(visitor, 'device-card-error').textContent()).toBe('Incorrect QR code password');
  await fill(visitor, 'device-card-password', 'Till2pass');
  await byId(visitor, 'device-card-unlock').click();
  await visible(visitor, 'device-card');
  expect(await byId(visitor, 'device-card-name').textContent()).toBe('Till 2');

  // ---- turn the third one's QR code on through the QR switch dialog
  await byId(page, `device-code-qr-${OFF}`).click();
  await (await visible(page, 'qr-enabled')).click();
  await byId(page, 'qr-ok').click();
  await poll(() => byId(page, `device-code-state-${OFF}`).getAttribute('data-enabled')).toBe('true');
  expect(await byId(page, `device-code-image-${OFF}`).getAttribute('data-enabled')).toBe('true');
  // and now its label leads to its card
  await visitor.goto(`/d/${OFF}`);
  await visible(visitor, 'device-card');
  expect(await byId(visitor, 'device-card-name').textContent()).toBe('Till 3');
});

/** A real PNG of the given size: a blue square with a white band, small enough for a logo. */
const logoPng = (size: number) =>
  png(size, size, (_x, y) => (Math.abs(y - size / 2) < size / 8 ? [255, 255, 255] : [22, 119, 255]));

test('the platform turns the custom QR code on; the owner sets a logo and product name; labels, PNG, detail and scanned page carry them', async () => {
  const owner = await herald.newPage();
  await signIn(owner, OWNER.username, OWNER.password);
  await waitForPath(owner, '/device/device-code');
  // ---- not enabled yet: the page says it is a value-added service
  expect(await (await visible(owner, 'qr-brand-disabled')).textContent()).toContain(
    'not enabled yet, contact platform',
  );

  // ---- the operator turns it on in the account's detail, after a confirmation
  const { list } = (await ok(op.get('/v1/accounts?name=QR%20Cafe'), 'find the account')) as { list: { id: number }[] };
  const operator = await herald.newPage();
  await signIn(operator, 'admin', OP_PASSWORD, `/account/list/detail?id=${list[0]!.id}`);
  expect(await (await visible(operator, 'account-qrBrand-state')).getAttribute('data-enabled')).toBe('false');
  await byId(operator, 'account-qrBrand-toggle').click();
  await (await visible(operator, 'confirm-ok')).click();
  await poll(() => byId(operator, 'account-qrBrand-state').getAttribute('data-enabled')).toBe('true');
  // the account list names the account's value-added services
  await operator.goto('/account/list');
  await poll(() => byId(operator, `account-services-${list[0]!.id}`).textContent()).toBe('Custom QR code');

  // ---- the owner sets the product name and a 180×180 PNG logo
  await owner.reload();
  await (await visible(owner, 'qr-brand-edit')).click();
  await fill(owner, 'qr-brand-name-input', 'Acme Pay');
  const logoFile = { name: 'logo.png', mimeType: 'image/png', buffer: logoPng(180) };
  await owner.locator('[data-testid="qr-brand-logo-input"] input[type="file"]').setInputFiles(logoFile);
  await visible(owner, 'qr-brand-logo-preview');
  await byId(owner, 'qr-brand-save').click();
  await poll(() => byId(owner, 'qr-brand-name').textContent()).toBe('Acme Pay');
  await visible(owner, 'qr-brand-logo');

  // ---- the rows' QR codes carry the logo; the label names the product
  await poll(() => owner.locator(`[data-testid="device-code-image-${ON[0]}"] img`).count()).toBe(1);
  await byId(owner, `device-code-select-${ON[0]}`).check();
  await byId(owner, 'device-code-print').click();
  expect(await (await visible(owner, `device-code-brand-${ON[0]}`)).textContent()).toBe('Acme Pay');
  await byId(owner, 'device-code-sheet-cancel').click();

  // ---- the downloaded PNG has the logo drawn in: its middle is the logo's blue, not QR black or white
  const download = owner.waitForEvent('download', { timeout: WAIT });
  await byId(owner, `device-code-png-${ON[0]}`).click();
  const pngPath = (await (await download).path())!;
  const middle = await owner.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    // a point inside the logo's upper blue part
    return [...g.getImageData(img.width / 2, img.width / 2 - img.width * 0.08, 1, 1).data.slice(0, 3)];
  }, fs.readFileSync(pngPath).toString('base64'));
  expect(middle).toEqual([22, 119, 255]);

  // ---- the device detail page shows the brand
  const { list: devs } = (await ok(
    (await herald.api().login(OWNER.username, OWNER.password)).get(`/v1/devices?sn=${ON[0]}`),
    'find the device',
  )) as { list: { id: number }[] };
  await owner.goto(`/device/list/detail?id=${devs[0]!.id}`);
  expect(await (await visible(owner, 'device-brand-name')).textContent()).toBe('Acme Pay');
  await visible(owner, 'device-brand-logo');

  // ---- and so does the page a scanned label opens
  const visitor = await herald.newPage();
  await visitor.goto(`/d/${ON[0]}`);
  await visible(visitor, 'device-card');
  expect(await byId(visitor, 'device-brand-name').textContent()).toBe('Acme Pay');
  await poll(() => byId(visitor, 'device-brand-logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(
    180,
  );
});
