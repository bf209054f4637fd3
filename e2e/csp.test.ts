import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  FIXED_ROUTES,
  MENU_ROUTES,
  filterRoutes,
  flattenRoutes,
  permissionsForSide,
  type RouteNode,
  type Side,
} from '@herald/contract';
import { startHerald, type Herald } from './harness';
import { ok, operatorAndAccount, PNG_DATA_URL } from './story';
import { byId, openInConsole, pageShown, poll, signIn, visible, WAIT } from './ui';

/**
 * The console under Herald's Content-Security-Policy, in Chromium: every page of the route table
 * as the operator administrator and as the account administrator, with what the policy has to
 * allow on screen — map tiles from a tile server of the test's own (MAP_TILE_URL with Leaflet's
 * `{s}`), charts, QR codes with the account's logo, the receipt preview (an SVG data: URL),
 * avatars, the logo maker's picked picture (blob: URLs), the public device card and /docs. Any
 * violation, reported to the page as a `securitypolicyviolation` event or logged by Chromium,
 * fails the test.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'cspowner', email: 'owner@csp.test', password: 'CspOwner#1' };
const SN = 'CSP0000001';

let herald: Herald;
let tiles: http.Server;
let tileRequests = 0;
let tileUrl = '';
const ids: Record<string, number> = {};
const violations: string[] = [];

beforeAll(async () => {
  // one PNG for every tile: the map only has to ask for them, and be allowed to
  const png = Buffer.from(PNG_DATA_URL.slice(PNG_DATA_URL.indexOf(',') + 1), 'base64');
  tiles = http.createServer((_req, res) => {
    tileRequests++;
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
  // *.localhost is the loopback address to Chromium: the subdomains a, b and c all reach the server
  tileUrl = `http://{s}.localhost:${(tiles.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
  herald = await startHerald({ env: { MAP_TILE_URL: tileUrl, MAP_TILE_ATTRIBUTION: 'Test tiles' } });
  await setUp();
});

afterAll(async () => {
  await herald?.stop();
  await new Promise((resolve) => tiles?.close(resolve));
});

/** An account with the map and custom QR code services, a device, a template and business, avatars and a logo. */
async function setUp(): Promise<void> {
  const { op, modelIds } = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'CSP Bakery',
    models: [{ name: 'CSP printer', code: 'CSP58', type: 'printer' }],
  });
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const me = await ok(owner.get('/users/current'), 'the account admin');
  const accountId = me.account.id as number;
  await ok(op.post(`/v1/accounts/${accountId}/geo-service`, { enabled: true }), 'geo service on');
  await ok(op.post(`/v1/accounts/${accountId}/qr-brand-service`, { enabled: true }), 'QR brand service on');

  const picture = (rgb: number[]) => `data:image/png;base64,${solidPng(96, 96, rgb).toString('base64')}`;
  await ok(owner.call('PUT', '/v1/qr-brand', { productName: 'CSP Pay', logo: picture([22, 119, 255]) }), 'QR logo');
  for (const who of [op, owner])
    await ok(who.call('PUT', '/v1/personal/avatar', { image: picture([250, 140, 22]) }), 'avatar');

  const device = await ok(owner.post('/v1/devices', { sn: SN, modelId: modelIds.CSP58 }), 'add a device');
  await ok(owner.post(`/v1/devices/${device.id}/qr`, { enabled: true }), 'QR code on');
  const template = await ok(
    owner.post('/v1/templates', {
      name: 'CSP receipt',
      modelId: modelIds.CSP58,
      body: 'Hello\n-\nTotal | ^^12.50',
      params: [],
    }),
    'add a template',
  );
  const business = await ok(
    owner.post('/v1/businesses', { name: 'CSP business', type: 0, templateId: template.id, remark: 'r' }),
    'add a business',
  );
  Object.assign(ids, {
    account: accountId,
    deviceModel: modelIds.CSP58!,
    deviceList: device.id,
    template: template.id,
    business: business.id,
    user: me.id,
  });
}

/** A real PNG of one colour. */
function solidPng(width: number, height: number, rgb: number[]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Records every violation the page sees, from its first document on (page loads included). */
async function watch(page: Page): Promise<void> {
  await page.context().exposeBinding('heraldCspViolation', (_source, line: string) => violations.push(line));
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { heraldCspViolation: (line: string) => void }).heraldCspViolation;
      void report(
        `${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${m.text()}`);
  });
}

// ── the route table ──────────────────────────────────────────────────────

/** A menu group: only absolute-path children, no page of its own. */
const isGroup = (r: RouteNode) => !!r.children?.length && r.children.every((c) => c.path.startsWith('/'));

/** Every page a side's administrator may open, as URLs (a list's child pages with `?id=` of one of its objects). */
function pagesOf(side: Side): { url: string; name: string }[] {
  const menu = flattenRoutes(filterRoutes(MENU_ROUTES, new Set(permissionsForSide(side)), side))
    .filter((r) => !isGroup(r))
    .map((r) => {
      const parent = r.parents[r.parents.length - 1];
      const child = !!r.hidden && !!parent && !isGroup(parent);
      const id = ids[r.name.split('.')[0]!] ?? 1;
      const url = r.fullPath.replace(':id', String(id));
      return { url: child && url === r.fullPath ? `${url}?id=${id}` : url, name: r.name };
    });
  const fixed = FIXED_ROUTES.filter((r) => !('public' in r) && !r.path.includes('*')).map((r) => ({
    url: r.path,
    name: r.name,
  }));
  return [...menu, ...fixed];
}

/** Waits until the images matched by `selector` have loaded (at least one); names the violations if they do not. */
const imagesLoaded = (page: Page, selector: string) =>
  poll(() =>
    page
      .locator(selector)
      .evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
  )
    .toBe(true)
    .catch((err: unknown) => {
      throw new Error(`${selector}: not loaded; violations so far: ${JSON.stringify(violations, null, 1)}`, {
        cause: err,
      });
    });

/** What must be on screen before a page counts as seen: the things the policy has to allow. */
const SHOWN: Record<string, (page: Page) => Promise<unknown>> = {
  home: (page) => poll(() => page.locator('.herald-page .recharts-surface').count()).toBeGreaterThan(0),
  deviceMap: (page) => imagesLoaded(page, '[data-testid="device-map"] img.leaflet-tile'),
  'geoFence.add': (page) => imagesLoaded(page, '.herald-page > :not([data-left]) img.leaflet-tile'),
  'template.detail': (page) => imagesLoaded(page, '[data-testid="template-preview-58"] img'),
  deviceCode: (page) => imagesLoaded(page, `[data-testid="device-code-image-${SN}"] img`),
  userCenter: (page) => imagesLoaded(page, '.herald-page img'),
};

/**
 * Opens every page of the side in one browser page, then does `more` on it; returns the pages
 * that showed nothing.
 */
async function sweep(
  user: { username: string; password: string },
  side: Side,
  more: (page: Page) => Promise<void> = async () => {},
): Promise<string[]> {
  const page = await herald.newPage();
  await watch(page);
  await signIn(page, user.username, user.password);
  // the avatar in the header: an image Herald serves
  await imagesLoaded(page, '[data-testid="console-layout"] header img');
  const blank: string[] = [];
  const pages = pagesOf(side);
  for (const p of pages) {
    // the first is a full load: no page of the sweep is among the kept-alive tabs yet
    if (p === pages[0]) await page.goto(p.url);
    else await page.evaluate(openInConsole, p.url);
    const shown = await page.waitForFunction(pageShown, p.url, { timeout: WAIT }).then(
      () => true,
      () => false,
    );
    if (!shown) blank.push(p.url);
    else await SHOWN[p.name]?.(page);
  }
  await more(page);
  await page.close();
  return blank;
}

/** What the account administrator does after the sweep: pictures shown through blob: URLs, the public pages. */
async function beyondTheRouteTable(page: Page): Promise<void> {
  // the logo maker: the picked picture and the BMP made from it
  await page.goto('/push/task/add');
  await page.locator('.ant-radio-button-wrapper', { hasText: 'Startup logo' }).click();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'herald-csp-')), 'shop-logo.png');
  fs.writeFileSync(file, solidPng(400, 100, [51, 51, 51]));
  await page.locator('[data-testid="push-logo"] input[type="file"][accept="image/*"]').setInputFiles(file);
  await visible(page, 'logo-maker-preview');
  await byId(page, 'logo-maker-ok').click();
  await imagesLoaded(page, '[data-testid="push-logo-preview"]');

  // the page a scanned label opens: the account's logo
  await page.goto(`/d/${SN}`);
  await imagesLoaded(page, '[data-testid="device-brand-logo"]');

  // the API reference: Swagger UI's own files, and the document it reads
  await page.goto('/docs');
  await poll(() => page.locator('.swagger-ui .opblock').count()).toBeGreaterThan(10);
}

// about 150 pages in all: on a shared, loaded machine that took two minutes
test(
  'the console, /docs and the public pages run under the policy without a violation',
  { timeout: 300_000 },
  async () => {
    const res = await fetch(new URL('/login', herald.url), { headers: { accept: 'text/html' } });
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    const tileHosts = ['a', 'b', 'c'].map((s) => tileUrl.slice(0, tileUrl.indexOf('/{z}')).replace('{s}', s));
    expect(policy).toContain(`img-src 'self' data: blob: ${tileHosts.join(' ')};`);

    const [op, ac] = await Promise.all([
      sweep({ username: 'admin', password: OP_PASSWORD }, 'op'),
      sweep(OWNER, 'ac', beyondTheRouteTable),
    ]);
    expect({ op, ac }, 'pages that showed nothing').toEqual({ op: [], ac: [] });
    expect(tileRequests).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  },
);
