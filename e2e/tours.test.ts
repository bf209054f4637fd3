import { FIXED_ROUTES, permissionsForSide } from '@herald/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type ApiClient, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import { solidPng } from './png';
import { policyEvidence, imagesLoaded, startTileServer } from './tours/csp';
import { TERMS } from './tours/language';
import { expectedSidebar } from './tours/route-table';
import { walkAll, type Seen, type Tour } from './tours/walk';
import { byId, poll, visible } from './ui';

/**
 * The console's pages, each opened once per (side, language) and role, with every check of its
 * pages made on the way (tours/walk.ts): the operator administrator and the account
 * administrator in English and in Chinese, and a user with a two-menu role. The tests below read
 * what the tours saw:
 * - every page of the route table (and the fixed pages of the signed-in console), opened by its
 *   URL, shows only to users whose role grants it, the no-permission page to the others; the
 *   sidebar shows exactly the granted menus (the API's side is packages/server/test/route-sweep.test.ts);
 * - the console runs under Herald's Content-Security-Policy without a violation, with what the
 *   policy has to allow on screen: map tiles from a tile server of the test's own (MAP_TILE_URL),
 *   charts, QR codes with the account's logo, the receipt preview, avatars, the logo maker's
 *   picture (blob: URLs), the public device card and /docs;
 * - every menu page of the operator speaks the chosen language;
 * - every list of both sides fits 1440 px in both languages.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'tourowner', email: 'owner@tour.test', password: 'TourOwner#1' };
const CLERK = { username: 'tourclerk', email: 'clerk@tour.test', password: 'TourClerk#1' };
/** long names: the lists have to fit them */
const ACCOUNT = 'Fit and Finish Trading Company';
const MODELS = [
  { name: 'Fit receipt printer 80 mm', code: 'FP80', type: 'printer' },
  { name: 'Fit payment speaker', code: 'FS1', type: 'speaker' },
] as const;
const SN = 'FITPRINTER0001';
/**
 * The limited role: two menus with some of their buttons. Device list with query and add (not
 * edit, batch add, location or alerts); businesses with query and edit (not add).
 */
const CLERK_CODES = [
  'herald.device.physical.list',
  'herald.device.physical.list.query',
  'herald.device.physical.list.add',
  'herald.dev.business',
  'herald.dev.business.query',
  'herald.dev.business.edit',
];
/** What the data above shows as in the Chinese console: names, not words to translate. */
const DATA_NAMES = [
  'Fit and Finish Trading Company',
  'Fit receipt printer',
  'Fit payment speaker',
  'FITPRINTER',
  'FITSPEAKER',
  'tourowner',
  'tourclerk',
  'owner',
  'clerk',
  'tour',
  'Clerks',
  'Tour receipt',
  'Tour business',
  'Tour Pay',
  'Test tiles', // the map's attribution (MAP_TILE_ATTRIBUTION)
  'shop-logo', // the startup logo the account administrator makes (beyondTheRouteTable), named in the operation log
  'bmp',
];

let herald: Herald;
let tiles: Awaited<ReturnType<typeof startTileServer>>;
let op: ApiClient;
/** ids of objects that exist, by the name of the list whose child pages take them */
const ids: Record<string, number> = {};
let clerkHeld: string[] = [];

beforeAll(async () => {
  tiles = await startTileServer();
  herald = await startHerald({ env: { MAP_TILE_URL: tiles.url, MAP_TILE_ATTRIBUTION: 'Test tiles' } });
  await setUp();
});
afterAll(async () => {
  await herald?.stop();
  await tiles?.close();
});

/**
 * The account: the map and custom QR code services on, a printer (its QR code on) and a speaker,
 * a template and a business, avatars and a QR logo; a role of two menus and its user.
 */
async function setUp(): Promise<void> {
  const ground = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: ACCOUNT,
    models: [...MODELS],
  });
  op = ground.op;
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const me = await ok(owner.get('/users/current'), 'the account admin');
  const accountId = me.account.id as number;
  await ok(op.post(`/v1/accounts/${accountId}/geo-service`, { enabled: true }), 'geo service on');
  await ok(op.post(`/v1/accounts/${accountId}/qr-brand-service`, { enabled: true }), 'QR brand service on');

  const picture = (rgb: number[]) => `data:image/png;base64,${solidPng(96, 96, rgb).toString('base64')}`;
  await ok(owner.call('PUT', '/v1/qr-brand', { productName: 'Tour Pay', logo: picture([22, 119, 255]) }), 'QR logo');
  for (const who of [op, owner])
    await ok(who.call('PUT', '/v1/personal/avatar', { image: picture([250, 140, 22]) }), 'avatar');

  const modelId = ground.modelIds.FP80!;
  const device = await ok(owner.post('/v1/devices', { sn: SN, modelId }), 'add a printer');
  await ok(owner.post(`/v1/devices/${device.id}/qr`, { enabled: true }), 'QR code on');
  await ok(owner.post('/v1/devices', { sn: 'FITSPEAKER0001', modelId: ground.modelIds.FS1 }), 'add a speaker');
  const template = await ok(
    owner.post('/v1/templates', { name: 'Tour receipt', modelId, body: 'Hello\n-\nTotal | ^^12.50', params: [] }),
    'add a template',
  );
  const business = await ok(
    owner.post('/v1/businesses', { name: 'Tour business', type: 0, templateId: template.id, remark: 'r' }),
    'add a business',
  );
  const role = await ok(
    owner.post('/v1/roles', { name: 'Clerks', description: 'two menus', permissions: CLERK_CODES }),
    'add the limited role',
  );
  const clerk = await ok(
    owner.post('/v1/users', { username: CLERK.username, email: CLERK.email, roleIds: [role.id] }),
    'add the limited user',
  );
  const mail = await op.latestMail(CLERK.email);
  const token = new URL(mail.link!).searchParams.get('token');
  await ok(
    herald.api().post('/users/active/user', { token, password: CLERK.password, confirmPassword: CLERK.password }),
    'activate the limited user',
  );
  const clerkApi = await herald.api().login(CLERK.username, CLERK.password);
  clerkHeld = (await ok(clerkApi.get('/users/current'), 'the limited user')).permission as string[];
  Object.assign(ids, {
    account: accountId,
    deviceModel: modelId,
    deviceList: device.id,
    template: template.id,
    business: business.id,
    role: role.id,
    user: clerk.id,
  });
}

/** What the account administrator does after the pages: pictures shown through blob: URLs, the public pages. */
async function beyondTheRouteTable(page: Page, violations: readonly string[]): Promise<void> {
  // the logo maker: the picked picture and the BMP made from it
  await page.goto('/push/task/add');
  await page.locator('.ant-radio-button-wrapper', { hasText: 'Startup logo' }).click();
  const file = { name: 'shop-logo.png', mimeType: 'image/png', buffer: solidPng(400, 100, [51, 51, 51]) };
  await page.locator('[data-testid="push-logo"] input[type="file"][accept="image/*"]').setInputFiles(file);
  await visible(page, 'logo-maker-preview');
  await byId(page, 'logo-maker-ok').click();
  await imagesLoaded(page, '[data-testid="push-logo-preview"]', violations);

  // the page a scanned label opens: the account's logo
  await page.goto(`/d/${SN}`);
  await imagesLoaded(page, '[data-testid="device-brand-logo"]', violations);

  // the API reference: Swagger UI's own files, and the document it reads
  await page.goto('/docs');
  await poll(() => page.locator('.swagger-ui .opblock').count()).toBeGreaterThan(10);
}

type TourName = 'opEn' | 'acEn' | 'clerk' | 'opZh' | 'acZh';

function tours(): Record<TourName, Tour> {
  const operator = { who: 'the operator administrator', username: 'admin', password: OP_PASSWORD, side: 'op' } as const;
  const account = { who: 'the account administrator', ...OWNER, side: 'ac' } as const;
  const names = new Set([...TERMS, ...DATA_NAMES]);
  const evidence = policyEvidence(SN);
  // the personal centre and a page that does not exist are read for their language too
  const alsoRead = [{ url: '/user-center/account-info' }, { url: '/no-such-page', shows: 'not-found' }];
  return {
    // the English tours open the whole route table (the access check is in English)
    opEn: {
      ...operator,
      lang: 'en_US',
      held: new Set(permissionsForSide('op')),
      ids,
      evidence,
      names,
      alsoRead,
      fit: true,
    },
    acEn: {
      ...account,
      lang: 'en_US',
      held: new Set(permissionsForSide('ac')),
      ids,
      evidence,
      fit: true,
      more: beyondTheRouteTable,
    },
    clerk: { who: 'the limited user', ...CLERK, side: 'ac', lang: 'en_US', held: new Set(clerkHeld), ids },
    opZh: { ...operator, lang: 'zh_CN', names, alsoRead, fit: true },
    acZh: { ...account, lang: 'zh_CN', fit: true },
  };
}

/**
 * The five tours, walked once for the file, three at a time (one after the other takes longer: much
 * of a page's time is the console waiting for its code, not the machine working), by the first test
 * that asks — inside a test, because the walk's waits are expect.poll's.
 */
let walking: Promise<Record<TourName, PromiseSettledResult<Seen>>> | undefined;
const walked = () => (walking ??= walkAll(herald, tours(), 3));
// five tours of up to ~100 pages each: minutes beside the fault harness on two cores
const TOURS_TIMEOUT = 900_000;

/** What a tour saw; the error that stopped it, named, when it did not finish. */
async function tour(name: TourName): Promise<Seen> {
  const result = (await walked())[name];
  if (result.status === 'rejected')
    throw new Error(`the tour ${name} stopped: ${(result.reason as Error)?.message ?? result.reason}`, {
      cause: result.reason,
    });
  return result.value;
}

test(
  'every page of the route table shows only to the users whose role grants it',
  { timeout: TOURS_TIMEOUT },
  async () => {
    const ac = new Set(permissionsForSide('ac'));
    const opCodes = new Set(permissionsForSide('op'));
    // the server gives each user what the tours expect: the role's codes, or the whole side's
    expect([...clerkHeld].sort(), 'the limited user holds the role').toEqual([...CLERK_CODES].sort());
    const owner = await herald.api().login(OWNER.username, OWNER.password);
    expect(new Set((await ok(owner.get('/users/current'), 'the account admin')).permission)).toEqual(ac);
    expect(new Set((await ok(op.get('/users/current'), 'the operator admin')).permission)).toEqual(opCodes);

    const all = tours();
    for (const name of ['clerk', 'acEn', 'opEn'] as const) {
      const { held, side } = all[name];
      const { tour: who, sidebar, access } = await tour(name);
      expect.soft(sidebar, `${who}: the sidebar`).toEqual(expectedSidebar(held!, side));
      expect.soft(access, `${who}: pages that do not show what the route table says`).toEqual([]);
    }
    // what the route table makes of the limited role (so its tour checked grants and refusals alike)
    expect((await tour('clerk')).granted.filter((p) => !FIXED_ROUTES.some((f) => f.path === p))).toEqual([
      '/home',
      '/device/list',
      '/device/list/add',
      '/device/list/detail',
      '/device/list/delete-list',
      '/businessmgr/business',
      '/businessmgr/business/edit',
      '/businessmgr/business/detail',
    ]);
  },
);

test(
  'the console, /docs and the public pages run under the policy without a violation',
  { timeout: TOURS_TIMEOUT },
  async () => {
    const res = await fetch(new URL('/login', herald.url), { headers: { accept: 'text/html' } });
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    const tileHosts = ['a', 'b', 'c'].map((s) => tiles.url.slice(0, tiles.url.indexOf('/{z}')).replace('{s}', s));
    expect(policy).toContain(`img-src 'self' data: blob: ${tileHosts.join(' ')};`);

    for (const name of ['opEn', 'acEn', 'clerk', 'opZh', 'acZh'] as const) {
      const { tour: who, violations, evidence } = await tour(name);
      expect.soft(evidence, `${who}: what the policy has to allow and did not show`).toEqual([]);
      expect.soft(violations, `${who}: violations of the policy`).toEqual([]);
    }
    // the two administrators in English saw every page of their side (the access test names any that showed nothing)
    expect((await tour('opEn')).granted.length).toBeGreaterThan(50);
    expect((await tour('acEn')).granted.length).toBeGreaterThan(50);
    expect(tiles.requests()).toBeGreaterThan(0);
  },
);

test('no page of a tour throws', { timeout: TOURS_TIMEOUT }, async () => {
  for (const name of ['opEn', 'acEn', 'clerk', 'opZh', 'acZh'] as const) {
    const { tour: who, pageErrors } = await tour(name);
    expect.soft(pageErrors, `${who}: page errors`).toEqual([]);
  }
});

/**
 * Every page of the operator's menu (and the personal centre, and a page that does not exist),
 * read in each language: in Chinese no English word shows except names (data, product names,
 * protocol terms); in English no Chinese character shows except the language switch's own "简体中文".
 */
test('every menu page of the operator speaks the chosen language', { timeout: TOURS_TIMEOUT }, async () => {
  for (const name of ['opZh', 'opEn'] as const) {
    const { tour: who, links, read, language } = await tour(name);
    expect(links.length, `${who}: menu pages`).toBeGreaterThan(15);
    expect(read, `${who}: pages read`).toBeGreaterThanOrEqual(links.length + 2);
    expect.soft(language, `${who}: pages with words in the wrong language`).toEqual([]);
  }
});

/**
 * Every list of a side at 1440×900, in both languages: no column header breaks inside a word,
 * the action column is inside the viewport, no column slides under the pinned action column once
 * the table is scrolled to its end, and a status dot stays on its text's line.
 */
test.each([
  ['the operator', 'opEn', 'opZh'],
  ['an account', 'acEn', 'acZh'],
] as const)('every list of %s fits 1440 px in both languages', { timeout: TOURS_TIMEOUT }, async (_side, en, zh) => {
  for (const name of [en, zh]) {
    const { tour: who, links, tables, tableFaults } = await tour(name);
    expect(links.length, `${who}: menu pages`).toBeGreaterThan(8);
    expect(tables, `${who}: tables looked at`).toBeGreaterThan(8);
    expect.soft(tableFaults, `${who}: lists that do not fit`).toEqual([]);
  }
});
