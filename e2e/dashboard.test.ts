import type { VirtualDevice } from '@herald/device-sim';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type ApiClient, type Herald } from './harness';
import { startedDevice } from './sim';
import { ok, operatorAndAccount } from './story';
import { byId, pickFromDropdown, poll, signIn, visible, waitForPath, WAIT } from './ui';

/**
 * The home page's dashboard, in Chromium, against figures the test makes: an account with three
 * devices (one online speaker that has said two things today, one printer offline, one disabled),
 * a second account with two devices and no jobs, and a third, disabled, with none. The account
 * admin sees their account; the operator the platform, or one account picked in the filter.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'dashowner', email: 'owner@dash.test', password: 'DashOwner#1' };
const BAKERY = 'Dash Bakery';
const DELI = 'Dash Deli';
const EMPTY = 'Dash Empty';
const PRINTER_MODEL = { name: 'Dash printer', code: 'DASHP58', type: 'printer' } as const;
const SPEAKER_MODEL = { name: 'Dash speaker', code: 'DASHSPK', type: 'speaker' } as const;
const SPEAKER = { sn: 'DASHS0001', name: 'Counter speaker' };
/** An operator user whose role manages operator roles only: no screen that picks or lists accounts or devices. */
const ROLE_ADMIN = { username: 'dashroles', email: 'roles@dash.test', password: 'DashRoles#1' };
const SPOKEN = ['Table one, your order is ready', 'Table two, your order is ready'];

let herald: Herald;
let mqttPort: number;
let speaker: VirtualDevice | undefined;
/** what the tests after the set-up need */
const ids = { speaker: 0, printerModel: 0, speakerModel: 0, bakery: 0 };

beforeAll(async () => {
  herald = await startHerald();
  mqttPort = herald.mqttPort;
  await setUp();
});

afterAll(async () => {
  await speaker?.stop();
  await herald?.stop();
});

type Created = { id: number; secret: string };

const newAccount = (op: ApiClient, name: string, admin: string) =>
  ok(
    op.post('/v1/accounts', {
      name,
      country: 'CN',
      timeZone: 'Asia/Shanghai',
      industry: '03',
      subjectType: 'business',
      subjectName: `${name} Ltd`,
      adminEmail: `${admin}@dash.test`,
      adminUsername: admin,
    }),
    `create account ${name}`,
  ) as Promise<{ id: number }>;

/** Waits until a speak test's job succeeds (expect.poll is for tests; this runs before them). */
async function finished(owner: ApiClient, jobId: number): Promise<void> {
  const deadline = Date.now() + WAIT;
  let status: number | undefined;
  while (Date.now() < deadline) {
    status = ((await ok(owner.get(`/v1/speak-test/job/${jobId}`), 'the job')) as { status: number }).status;
    if (status === 3) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`job ${jobId} did not succeed: status ${status}`);
}

async function setUp(): Promise<void> {
  const { op, modelIds } = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: BAKERY,
    models: [PRINTER_MODEL, SPEAKER_MODEL],
  });
  ids.printerModel = modelIds[PRINTER_MODEL.code]!;
  ids.speakerModel = modelIds[SPEAKER_MODEL.code]!;

  // ---- the bakery: a printer that stays offline, a disabled printer, and a speaker that connects
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const add = (sn: string, modelId: number, name?: string) =>
    ok(owner.post('/v1/devices', { sn, modelId, name }), `add ${sn}`) as Promise<Created>;
  await add('DASHP0001', ids.printerModel, 'Front till');
  const disabled = await add('DASHP0002', ids.printerModel);
  await ok(owner.post('/v1/devices/status', { ids: [disabled.id], status: 1 }), 'disable DASHP0002');
  const created = await add(SPEAKER.sn, ids.speakerModel, SPEAKER.name);
  ids.speaker = created.id;
  speaker = startedDevice(mqttPort, { sn: SPEAKER.sn, secret: created.secret, kind: 'speaker' });
  await speaker.waitOnline();

  // ---- two jobs today, both said by the speaker
  for (const text of SPOKEN) {
    const { jobId } = (await ok(
      owner.post('/v1/speak-test/send', { deviceId: ids.speaker, mode: 'text', text }),
      'speak test',
    )) as { jobId: number };
    await finished(owner, jobId);
  }
  expect(speaker.said.map((s) => s.text)).toEqual(SPOKEN);

  // ---- the deli: two printers added by the operator, no jobs; and a disabled account without devices
  const deli = await newAccount(op, DELI, 'deliowner');
  for (const sn of ['DASHD0001', 'DASHD0002']) {
    await ok(op.post('/v1/devices', { sn, modelId: ids.printerModel, accountId: deli.id }), `add ${sn}`);
  }
  const empty = await newAccount(op, EMPTY, 'emptyowner');
  await ok(op.post(`/v1/accounts/${empty.id}/status`, { status: 0 }), 'disable the empty account');
  const accounts = (await ok(op.get('/v1/common/accountListQuery'), 'accounts')) as { id: number; name: string }[];

  // ---- an operator user who manages roles and nothing else
  const role = (await ok(
    op.post('/v1/roles', { name: 'Role admins', permissions: ['herald.admin.op.role', 'herald.admin.op.role.query'] }),
    'create an operator role',
  )) as { id: number };
  await ok(
    op.post('/v1/users', { username: ROLE_ADMIN.username, email: ROLE_ADMIN.email, roleIds: [role.id] }),
    'create an operator user',
  );
  const token = new URL((await op.latestMail(ROLE_ADMIN.email)).link!).searchParams.get('token');
  await ok(
    herald
      .api()
      .post('/users/active/user', { token, password: ROLE_ADMIN.password, confirmPassword: ROLE_ADMIN.password }),
    'activate the operator user',
  );
  ids.bakery = accounts.find((a) => a.name === BAKERY)!.id;
}

/** The final figure of a card or a figure in it (the count-up's target). */
const figure = (page: Page, id: string) => poll(() => byId(page, id).getAttribute('data-value'));

/** The cells of a ranking row, as text. */
const cells = (page: Page, row: string) => byId(page, row).locator('td').allTextContents();

/** Picks an account in the operator's filter (an antd select), or clears it. */
async function pickAccount(page: Page, name: string | null): Promise<void> {
  const filter = await visible(page, 'home-account-filter');
  if (name === null) {
    await filter.hover();
    await filter.locator('.ant-select-clear').click();
    return;
  }
  await filter.click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first();
  await option.waitFor({ state: 'visible', timeout: WAIT });
  await option.click();
}

async function chartsRender(page: Page): Promise<void> {
  for (const chart of ['chart-business', 'chart-sessions', 'chart-device-states', 'chart-models']) {
    const card = await visible(page, chart);
    await poll(() => card.locator('svg.recharts-surface').count()).toBeGreaterThan(0);
  }
}

test('the account admin sees the account’s figures, charts and device ranking, in either language', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password, '/home');
  await visible(page, 'home-ac');

  // ---- the statistic cards: 3 devices, 1 activated and online (33.3 %), 2 jobs today, both done
  await figure(page, 'stat-devices-total').toBe('3');
  await figure(page, 'stat-devices-not-online').toBe('2');
  await figure(page, 'stat-devices-activated').toBe('1');
  await figure(page, 'stat-devices-activation-rate').toBe('33.3');
  expect(await byId(page, 'stat-devices-activation-rate').textContent()).toContain('33.3%');
  await figure(page, 'stat-devices-online').toBe('1');
  await figure(page, 'stat-devices-online-rate').toBe('33.3');
  await figure(page, 'stat-jobs-today').toBe('2');
  await figure(page, 'stat-jobs-today-success').toBe('2');
  await figure(page, 'stat-jobs-today-failed').toBe('0');
  // reduced motion (the harness's default): the figure is there at once, no count-up
  expect(await byId(page, 'stat-devices-total').locator('.ant-statistic-content-value').textContent()).toBe('3');
  // no platform figures and no account filter for an account user
  expect(await byId(page, 'stat-accounts-total').count()).toBe(0);
  expect(await byId(page, 'home-account-filter').count()).toBe(0);

  // ---- the charts, with the states and models they are drawn from
  await chartsRender(page);
  await figure(page, 'chart-device-states-online').toBe('1');
  await figure(page, 'chart-device-states-offline').toBe('1');
  await figure(page, 'chart-device-states-disabled').toBe('1');
  await figure(page, 'chart-device-states-notEnabled').toBe('0');
  await figure(page, 'device-flag-notActivated').toBe('2');
  await figure(page, 'device-flag-paused').toBe('0');
  await figure(page, `chart-models-model-${ids.printerModel}`).toBe('2');
  await figure(page, `chart-models-model-${ids.speakerModel}`).toBe('1');

  // ---- the device ranking: only the speaker has jobs; its S/N leads to the device; no account ranking
  await visible(page, 'rank-devices');
  await visible(page, `rank-device-${SPEAKER.sn}`);
  expect(await cells(page, `rank-device-${SPEAKER.sn}`)).toEqual(['1', SPEAKER.sn, SPEAKER.name, '2', '2', '0']);
  expect(await page.locator('[data-testid^="rank-device-"]').count()).toBe(1);
  expect(await byId(page, `rank-device-${SPEAKER.sn}`).locator('a').getAttribute('href')).toBe(
    `/device/list/detail?id=${ids.speaker}`,
  );
  expect(await byId(page, 'rank-accounts').count()).toBe(0);

  // ---- in Chinese
  await pickFromDropdown(page, 'language-switch', 'lang-zh_CN');
  await poll(() => byId(page, 'chart-business').locator('.ant-card-head-title').textContent()).toBe('近 7 日业务统计');
  await poll(() => byId(page, 'rank-devices').locator('.ant-card-head-title').textContent()).toBe(
    '近 7 日设备任务排行',
  );
  expect(await byId(page, 'stat-devices-total').locator('.ant-statistic-title').textContent()).toBe('设备总数');
  await pickFromDropdown(page, 'language-switch', 'lang-en_US');
  await poll(() => byId(page, 'chart-business').locator('.ant-card-head-title').textContent()).toBe(
    'Jobs of the last 7 days',
  );

  // ---- a device card leads to the device list, opened from home, on what the card counts
  await byId(page, 'stat-devices-total-link').click();
  await waitForPath(page, /^\/device\/list\?position=home$/);
  await visible(page, 'device-table');
  await poll(() => page.locator('[data-testid^="device-row-"]').count()).toBe(3);
  await page.goto('/home');
  await byId(page, 'stat-devices-online-link').click();
  await waitForPath(page, /^\/device\/list\?position=home&online=true$/);
  await poll(() => page.locator('[data-testid^="device-row-"]').count()).toBe(1);
  await visible(page, `device-row-${SPEAKER.sn}`);
  // back through the home tab: the device list kept open in its tab takes the next card's filter
  await byId(page, 'tab-/home').click();
  await waitForPath(page, '/home');
  await byId(page, 'stat-devices-activated-link').click();
  await waitForPath(page, /^\/device\/list\?position=home&activated=true$/);
  await poll(() => page.locator('[data-testid^="device-row-"]').count()).toBe(1);
  await page.close();
});

test('the operator sees the platform, and one account picked in the filter', async () => {
  const page = await herald.newPage();
  await signIn(page, 'admin', OP_PASSWORD, '/home');
  await visible(page, 'home-op');

  // ---- the platform: 5 devices in 3 accounts (2 enabled); the bakery's jobs
  await figure(page, 'stat-devices-total').toBe('5');
  await figure(page, 'stat-devices-activated').toBe('1');
  await figure(page, 'stat-devices-activation-rate').toBe('20');
  await figure(page, 'stat-devices-online').toBe('1');
  await figure(page, 'stat-accounts-total').toBe('3');
  await figure(page, 'stat-accounts-enabled').toBe('2');
  await figure(page, 'stat-jobs-today').toBe('2');
  await chartsRender(page);
  await figure(page, `chart-models-model-${ids.printerModel}`).toBe('4');

  // the account ranking: only the bakery has jobs; the platform's device ranking names the bakery's devices
  await visible(page, `rank-account-${ids.bakery}`);
  expect(await cells(page, `rank-account-${ids.bakery}`)).toEqual(['1', BAKERY, '3', '2', '2', '0']);
  expect(await page.locator('[data-testid^="rank-account-"]').count()).toBe(1);
  await visible(page, 'rank-devices');
  await poll(() => page.locator('[data-testid^="rank-device-"] td').allTextContents()).toContain(BAKERY);

  // ---- the bakery alone: its figures, its device ranking, no platform figures
  await pickAccount(page, BAKERY);
  await figure(page, 'stat-devices-total').toBe('3');
  await poll(() => byId(page, 'stat-accounts-total').count()).toBe(0);
  await visible(page, `rank-device-${SPEAKER.sn}`);
  expect(await byId(page, 'rank-accounts').count()).toBe(0);
  // its devices card opens the device list on the bakery's devices
  await byId(page, 'stat-devices-total-link').click();
  await waitForPath(page, new RegExp(`^/device/list\\?position=home&accountId=${ids.bakery}$`));
  await visible(page, `device-row-${SPEAKER.sn}`);
  await poll(() => page.locator('[data-testid^="device-row-"]').count()).toBe(3);
  await page.goto('/home');
  await visible(page, 'home-op');
  await pickAccount(page, BAKERY);
  await figure(page, 'stat-devices-total').toBe('3');

  // ---- the deli: its two offline printers, no jobs
  await pickAccount(page, DELI);
  await figure(page, 'stat-devices-total').toBe('2');
  await figure(page, 'stat-devices-online').toBe('0');
  await figure(page, 'stat-devices-online-rate').toBe('0');
  await figure(page, 'stat-jobs-today').toBe('0');
  await figure(page, 'chart-device-states-offline').toBe('2');

  // ---- an account without devices: the empty state instead of charts
  await pickAccount(page, EMPTY);
  await figure(page, 'stat-devices-total').toBe('0');
  await visible(page, 'home-empty');
  expect(await byId(page, 'stat-devices-activation-rate').textContent()).toContain('-');
  expect(await byId(page, 'chart-business').count()).toBe(0);

  // ---- back to the platform; the accounts card leads to the account list, opened from home
  await pickAccount(page, null);
  await figure(page, 'stat-devices-total').toBe('5');
  await byId(page, 'stat-accounts-total-link').click();
  await waitForPath(page, /^\/account\/list\?position=home$/);
  await page.close();
});

test('an operator who may not pick accounts sees the platform without the filter, list links or account ranking', async () => {
  const page = await herald.newPage();
  await signIn(page, ROLE_ADMIN.username, ROLE_ADMIN.password, '/home');
  await visible(page, 'home-op');
  await figure(page, 'stat-devices-total').toBe('5');
  await figure(page, 'stat-accounts-total').toBe('3');
  await chartsRender(page);
  // the figures are there, but not the lists behind them, nor the account picker or the ranking of accounts
  expect(await byId(page, 'stat-devices-total-link').count()).toBe(0);
  expect(await byId(page, 'stat-accounts-total-link').count()).toBe(0);
  expect(await byId(page, 'home-account-filter').count()).toBe(0);
  expect(await byId(page, 'rank-accounts').count()).toBe(0);
  expect(await byId(page, 'rank-devices').count()).toBe(0);
  await page.close();
});

/** After React's render of what the stepped frames set: its scheduler posts through a MessageChannel, and so do we. */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );

test('the statistic cards count up over 2000 ms for users who do not ask for less motion', async () => {
  const page = await herald.newPage({ motion: true });
  await signIn(page, 'admin', OP_PASSWORD);
  // The page's clock is held still and stepped by the test: a starved renderer (the suite runs beside the fault
  // harness) drew one frame a second and skipped every figure between 0 and 5, which says nothing of the count-up.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto('/home');
  const shown = () => byId(page, 'stat-devices-total').locator('.ant-statistic-content-value').textContent();
  // time moves in 50 ms steps until the figures are there (the console needs its timers to start), so the count
  // has run at most 50 ms when it is first read
  await poll(async () => {
    const value = await page.evaluate(() =>
      document.querySelector('[data-testid="stat-devices-total"]')?.getAttribute('data-value'),
    );
    if (value !== '5') await page.clock.runFor(50);
    return value;
  }).toBe('5');
  await settled(page);
  const seen = [Number(await shown())];
  expect(seen[0]).toBe(0);
  // 100 ms steps: it climbs through the figures between, never down, and stands at 5 once 2000 ms have passed
  for (let t = 0; t < 2400; t += 100) {
    await page.clock.runFor(100);
    await settled(page);
    seen.push(Number(await shown()));
  }
  const trace = JSON.stringify(seen);
  expect(seen.at(-1), trace).toBe(5);
  expect(new Set(seen).size, trace).toBeGreaterThan(3);
  seen.slice(1).forEach((v, i) => expect(v, trace).toBeGreaterThanOrEqual(seen[i]!));
  // nothing is at 5 before about half the time (eased out, so most of the climb is early)
  expect(seen.indexOf(5), trace).toBeGreaterThan(5);
  await page.close();
});
