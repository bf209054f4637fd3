import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { VirtualDevice } from '@herald/device-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT, startHerald, type ApiClient, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import { activationLink, byId, chooseOption, fill, openMenu, poll, signIn, visible, waitForPath, WAIT } from './ui';
import { startedDevice } from './sim';

/**
 * Issue 4's end-to-end story, in Chromium: an account admin writes a receipt template and sees
 * its simulation at 58 and 80 mm, creates a print business, generates the API secret, prints
 * through the SDK example (a separate process signing real open-API calls), finds the print in
 * the records with status 3, and sends a speak test to a speaker.
 */

const OWNER = { username: 'cafeowner', email: 'owner@cafe.test', password: 'CafeOwner#1' };
/** An account user who may read the print and general records, but not the publish or delivery records. */
const CLERK = { username: 'cafeclerk', email: 'clerk@cafe.test', password: 'CafeClerk#1' };
const PRINTER = { code: 'PIPE80', sn: 'PIPEP0001' };
const SPEAKER = { code: 'PIPESPK', sn: 'PIPES0001' };
const SHOP = 'Corner Cafe';
const TOTAL = '12.50';
const TEMPLATE = 'Till receipt';
const BUSINESS = 'Counter sales';

let herald: Herald;
let mqttPort: number;
const devices: VirtualDevice[] = [];
/** The operator (reads the mail outbox) and the job the SDK printed, for the tests after the first. */
let operator: ApiClient;
let printedJobId: number | undefined;

beforeAll(async () => {
  herald = await startHerald();
  mqttPort = herald.mqttPort;
});

afterAll(async () => {
  await Promise.all(devices.map((d) => d.stop()));
  await herald?.stop();
});

/** Operator, models and account through the API; the owner adds the two devices and starts them. */
async function setUp(): Promise<void> {
  const { op, modelIds } = await operatorAndAccount(herald, {
    opPassword: 'Operator@2024',
    owner: OWNER,
    accountName: 'Corner Cafe',
    models: [
      { name: 'Receipt printer 80', code: PRINTER.code, type: 'printer' },
      { name: 'Payment speaker', code: SPEAKER.code, type: 'speaker' },
    ],
  });
  operator = op;
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  for (const [d, kind] of [
    [PRINTER, 'printer'],
    [SPEAKER, 'speaker'],
  ] as const) {
    const created = (await ok(owner.post('/v1/devices', { sn: d.sn, modelId: modelIds[d.code] }), `add ${d.sn}`)) as {
      secret: string;
    };
    const device = startedDevice(mqttPort, { sn: d.sn, secret: created.secret, kind });
    devices.push(device);
    await device.waitOnline();
  }
}

const run = promisify(execFile);

/** The SDK's example, as an integrator would run it. */
async function sdkExample(args: string[]): Promise<string> {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const { stdout } = await run(tsx, [path.join(ROOT, 'packages/sdk/examples/print.ts'), ...args], {
    cwd: ROOT,
    timeout: 60_000,
  });
  return stdout;
}

test('an account admin templates a receipt, prints it through the SDK, finds it in the records and tests a speaker', async () => {
  await setUp();
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);

  // ---- a template with two parameters; the simulation shows it at 58 and at 80 mm
  await openMenu(page, 'template', '/businessmgr/template', 'businessRoot');
  await (await visible(page, 'template-add')).click();
  await waitForPath(page, '/businessmgr/template/add');
  await fill(page, 'template-name', TEMPLATE);
  await chooseOption(page, 'template-model', 'Receipt printer 80');
  // a body within the length limit whose printer commands are far too large: the simulation says so
  const qr = '{code:https://example.com/very/long/url/0123456789; option:qrcode,8,L}\n';
  await fill(page, 'template-body', qr.repeat(Math.floor(20_000 / qr.length)));
  await byId(page, 'template-simulate').click();
  await poll(() => byId(page, 'template-preview-58').innerText()).toContain(
    'The receipt is too large or too complex to print',
  );
  await fill(page, 'template-body', '^^{{shop}}\n---\nTotal | {{total}}\n---\n"Thank you');
  await byId(page, 'template-param-pickup').click();
  await fill(page, 'template-param-sample-0', 'Sample shop');
  await fill(page, 'template-param-sample-1', '9.99');
  await byId(page, 'template-simulate').click();
  for (const width of [58, 80]) {
    const preview = await visible(page, `template-preview-${width}`);
    await poll(() => preview.locator('svg, img').count()).toBeGreaterThan(0);
  }
  await byId(page, 'template-submit').click();
  // saved: the console opens its detail page, which shows the saved template's preview
  await waitForPath(page, /\/businessmgr\/template\/detail\?id=\d+/);
  const templateId = Number(new URL(page.url()).searchParams.get('id'));
  await visible(page, 'template-detail');
  await openMenu(page, 'template', '/businessmgr/template', 'businessRoot');
  await visible(page, `template-row-${TEMPLATE}`);

  // ---- a print business using it
  await openMenu(page, 'business', '/businessmgr/business', 'businessRoot');
  await (await visible(page, 'business-add')).click();
  await waitForPath(page, '/businessmgr/business/add');
  await fill(page, 'business-name', BUSINESS);
  await chooseOption(page, 'business-template', TEMPLATE);
  await byId(page, 'business-submit').click();
  await waitForPath(page, /\/businessmgr\/business\/detail\?id=\d+/);
  await visible(page, 'business-detail');
  await openMenu(page, 'business', '/businessmgr/business', 'businessRoot');
  await visible(page, `business-row-${BUSINESS}`);

  // ---- the API secret, generated in the console and shown once
  await openMenu(page, 'api', '/system/api', 'developerRoot');
  await (await visible(page, 'api-secret-generate')).click();
  await (await visible(page, 'api-secret-generate-ok')).click();
  const secret = ((await (await visible(page, 'api-secret-value')).textContent()) ?? '').trim();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await byId(page, 'api-secret-close').click();
  // shown again after the login password, which goes in the body (harness: never in the server's log)
  await (await visible(page, 'api-secret-show')).click();
  await fill(page, 'api-secret-show-password', OWNER.password);
  await byId(page, 'api-secret-show-ok').click();
  await poll(async () => ((await byId(page, 'api-secret-value').textContent()) ?? '').trim()).toBe(secret);
  await byId(page, 'api-secret-close').click();
  const appKey = ((await (await visible(page, 'api-app-key')).textContent()) ?? '').trim();
  expect(appKey).not.toBe('');

  // ---- the integrator prints through the SDK example; the printer prints the filled template
  const out = await sdkExample([
    '--url',
    herald.url,
    '--key',
    appKey,
    // joined with '=': a secret may begin with '-', which parseArgs would take for an option
    `--secret=${secret}`,
    '--sn',
    PRINTER.sn,
    '--template',
    String(templateId),
    '--param',
    `shop=${SHOP}`,
    '--param',
    `total=${TOTAL}`,
  ]);
  expect(out).toMatch(/final: status 3 \(SUCCESS\)/);
  const jobId = Number(/accepted: job (\d+)/.exec(out)![1]);
  printedJobId = jobId;
  const printer = devices[0]!;
  const receipt = printer.printed.at(-1)!;
  expect(receipt).toContain(SHOP);
  expect(receipt).toMatch(new RegExp(`Total\\s+${TOTAL.replace('.', '\\.')}`));

  // ---- the print is in the records with status 3, and its detail shows the timeline
  await openMenu(page, 'printRecord', '/business-record/print', 'businessRoot');
  const row = await visible(page, `record-row-${jobId}`);
  expect((await row.textContent())?.trim()).toBe(PRINTER.sn);
  const tr = page.locator('tr', { has: row });
  await poll(() => tr.locator('[data-testid="job-status-3"]').count()).toBe(1);
  // in the spec's words for a print
  expect(await tr.locator('[data-testid="job-status-3"]').textContent()).toMatch(/^(Print success|打印成功)$/);
  await row.click();
  await waitForPath(page, /\/business-record\/print\/detail\?id=\d+/);
  await visible(page, 'record-detail-print');
  await visible(page, 'timeline-finished');

  // ---- a record or template that cannot be loaded (an unknown id) says so and leads back to its list
  for (const [detail, list] of [
    [`/business-record/print/detail?id=${jobId + 9999}`, '/business-record/print'],
    [`/businessmgr/template/edit?id=${templateId + 9999}`, '/businessmgr/template'],
  ] as const) {
    await page.goto(detail);
    await visible(page, 'detail-not-found');
    await byId(page, 'detail-not-found-back').click();
    await waitForPath(page, list);
  }

  // ---- a speak test: the speaker says it, and the console follows the job to success
  await openMenu(page, 'speakTest', '/system/speak-test', 'developerRoot');
  await visible(page, 'speak-test');
  await chooseOption(page, 'speak-test-device', SPEAKER.sn);
  await fill(page, 'speak-test-text', 'Table five, your order is ready');
  await byId(page, 'speak-test-send').click();
  await poll(() => byId(page, 'speak-test-status').getAttribute('data-status')).toBe('3');
  expect(devices[1]!.said.some((s) => s.text === 'Table five, your order is ready')).toBe(true);
  expect(await byId(page, 'speak-test-status').textContent()).toMatch(/^3 · (Broadcast success|播报成功)$/);

  // the spec's spelling of the route, with a blank, leads to the same screen
  await page.goto('/system/speak%20test');
  await waitForPath(page, '/system/speak-test');
  await visible(page, 'speak-test');
});

/** How many rows of the job detail's publish table link to their publish record (once it has rows). */
async function publishLinks(page: Page): Promise<number> {
  const table = await visible(page, 'job-publish-records');
  await poll(() => table.locator('tr.ant-table-row').count()).toBeGreaterThan(0);
  return table.locator('a[href^="/message-record/publish/detail?id="]').count();
}

/** The general record's "job" entry: its tag, and where it links to (null for plain text). */
async function generalJob(page: Page): Promise<{ tag: string; href: string | null }> {
  const job = await visible(page, 'general-job');
  return job.evaluate((el) => ({ tag: el.tagName, href: el.getAttribute('href') }));
}

test('record links to publish and delivery records are shown only to those who may open them', async () => {
  const jobId = printedJobId;
  expect(jobId, 'the print of the test before').toBeDefined();
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const general = (await ok(owner.get('/v1/records/general?pageSize=200'), 'general records')) as {
    list: { id: number; jobId: number | null }[];
  };
  const call = general.list.find((r) => r.jobId === jobId);
  expect(call, `the open API call that created job ${jobId}`).toBeDefined();
  const printDetail = `/business-record/print/detail?id=${jobId}`;
  const generalDetail = `/business-record/general/detail?id=${call!.id}`;

  // ---- a user whose role has the print and general records, not the publish or delivery records
  const role = (await ok(
    owner.post('/v1/roles', {
      name: 'Record readers',
      permissions: [
        'herald.stat.print.rec',
        'herald.stat.print.rec.query',
        'herald.stat.custom.rec',
        'herald.stat.custom.rec.query',
      ],
    }),
    'create a role',
  )) as { id: number };
  await ok(
    owner.post('/v1/users', { username: CLERK.username, email: CLERK.email, roleIds: [role.id] }),
    'create a user',
  );
  const token = new URL(activationLink((await operator.latestMail(CLERK.email)).link, herald.url)).searchParams.get(
    'token',
  );
  await ok(
    herald.api().post('/users/active/user', { token, password: CLERK.password, confirmPassword: CLERK.password }),
    'activate the user',
  );

  // ---- the account admin holds every record permission: the links are there
  const admin = await herald.newPage();
  await signIn(admin, OWNER.username, OWNER.password);
  await admin.goto(printDetail);
  expect(await publishLinks(admin)).toBeGreaterThan(0);
  await admin.goto(generalDetail);
  expect(await generalJob(admin)).toEqual({ tag: 'A', href: `/message-record/delivery/detail?id=${jobId}` });

  // ---- the user sees the same records, without links to pages that would only say Access Denied
  const clerk = await herald.newPage();
  await signIn(clerk, CLERK.username, CLERK.password);
  await clerk.goto(printDetail);
  await visible(clerk, 'record-detail-print');
  expect(await publishLinks(clerk)).toBe(0);
  await clerk.goto(generalDetail);
  expect(await generalJob(clerk)).toEqual({ tag: 'SPAN', href: null });
  expect(await clerk.locator('a[href^="/message-record/delivery/"]').count()).toBe(0);

  // ---- granted the publish records (still not the delivery records), the user gets the publish links;
  // the publish record's job stays plain text
  await ok(
    owner.call('PUT', `/v1/roles/${role.id}`, {
      permissions: [
        'herald.stat.print.rec',
        'herald.stat.print.rec.query',
        'herald.stat.custom.rec',
        'herald.stat.custom.rec.query',
        'herald.message.publish.rec',
        'herald.message.publish.rec.query',
      ],
    }),
    'grant the publish records',
  );
  await clerk.goto(printDetail);
  expect(await publishLinks(clerk)).toBeGreaterThan(0);
  const publishLink = byId(clerk, 'job-publish-records').locator('a[href^="/message-record/publish/detail"]').first();
  await publishLink.click();
  await waitForPath(clerk, /\/message-record\/publish\/detail\?id=\d+/);
  const jobEntry = clerk
    .locator('[data-testid="record-detail-publish"] .ant-descriptions-item')
    .filter({ has: clerk.locator('.ant-descriptions-item-label', { hasText: /^Job$/ }) })
    .locator('.ant-descriptions-item-content');
  await poll(() => jobEntry.textContent()).toBe(String(jobId));
  expect(await jobEntry.locator('a').count()).toBe(0);
  // while the account admin's publish record links its job
  await admin.goto(clerk.url());
  await admin
    .locator(`[data-testid="record-detail-publish"] a[href="/message-record/delivery/detail?id=${jobId}"]`)
    .waitFor({ state: 'visible', timeout: WAIT });
});
