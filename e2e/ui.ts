import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { rememberSecret } from './log-secrets';

/**
 * Small helpers for driving the console in the end-to-end tests. Every wait has a generous
 * timeout; nothing sleeps for a fixed time.
 */

export const WAIT = 30_000;

/** expect.poll with the generous timeout (vitest's default is one second). */
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: WAIT, interval: 100 });

/** An element by its data-testid. */
export const byId = (page: Page, id: string): Locator => page.locator(`[data-testid="${id}"]`).first();

/**
 * The input behind a data-testid: the attribute sits on the input itself for antd inputs, but
 * on a wrapper for some composite fields, so accept either.
 */
export const inputOf = (page: Page, id: string): Locator =>
  page.locator(`input[data-testid="${id}"], textarea[data-testid="${id}"], [data-testid="${id}"] input`).first();

export async function fill(page: Page, id: string, value: string): Promise<void> {
  if (/password/i.test(id)) rememberSecret(value, `typed into ${id}`);
  const input = inputOf(page, id);
  await input.waitFor({ state: 'visible', timeout: WAIT });
  await input.fill(value);
}

export async function visible(page: Page, id: string, timeout = WAIT): Promise<Locator> {
  const el = byId(page, id);
  await el.waitFor({ state: 'visible', timeout });
  return el;
}

/**
 * Closes the tracker dialog with Escape, pressed again until the dialog is gone: a key pressed
 * before the opening dialog holds the focus is lost (a loaded machine opens it slowly).
 */
export async function escapeTracker(page: Page): Promise<void> {
  const tracker = page.locator('[data-testid="test-print-tracker"]');
  await poll(async () => {
    if (await tracker.isVisible()) await page.keyboard.press('Escape');
    return tracker.isVisible();
  }).toBe(false);
}

/** Resolves once the page's pathname equals `path` (or `pathname + search` matches the RegExp). */
export async function waitForPath(page: Page, path: string | RegExp, timeout = WAIT): Promise<void> {
  await page.waitForURL((u) => (typeof path === 'string' ? u.pathname === path : path.test(u.pathname + u.search)), {
    timeout,
  });
}

/** Fills in and submits the sign-in form; does not wait for what follows. */
export async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  if (new URL(page.url(), 'http://x').pathname !== '/login') await page.goto('/login');
  await fill(page, 'login-username', username);
  await fill(page, 'login-password', password);
  await byId(page, 'login-submit').click();
}

/**
 * Signs in and waits for the console layout. With `to` (a path, with its query if any), signs in
 * on `/login?redirect=<to>` and waits for that page, as a deep link kept through sign-in does: the
 * first page (the dashboard, for most) is not rendered and the console is not loaded a second time
 * by a `goto` after signing in.
 */
export async function signIn(page: Page, username: string, password: string, to?: string): Promise<void> {
  if (to) await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await submitSignIn(page, username, password);
  if (to) await waitForPath(page, new URL(to, 'http://x').pathname);
  await visible(page, 'console-layout');
}

/** The token kept in session storage (null when signed out). */
export const sessionItem = (page: Page, key: string): Promise<string | null> =>
  page.evaluate((k) => sessionStorage.getItem(k), key);

/**
 * Opens the data-testid'd dropdown trigger (antd dropdowns open on hover) and clicks an item. A try
 * that opened nothing moves the mouse off the trigger: hovering where the mouse already is fires
 * no new mouseenter, so a first hover that came before the trigger listened was never followed by one.
 */
export async function pickFromDropdown(page: Page, trigger: string, item: string): Promise<void> {
  const entry = page.locator(`[data-testid="${item}"]`);
  await expect
    .poll(
      async () => {
        await byId(page, trigger).hover();
        const open = await entry.waitFor({ state: 'visible', timeout: 1_000 }).then(
          () => true,
          () => false,
        );
        // off the trigger, so that the next hover is a new mouseenter
        if (!open) await page.mouse.move(0, 0);
        return open;
      },
      { timeout: WAIT, interval: 500 },
    )
    .toBe(true);
  await entry.click();
}

/**
 * Picks an option of an antd select by its text, and checks it shows as chosen. Retried: the
 * options may arrive (and re-render) while the dropdown opens.
 */
export async function chooseOption(page: Page, testId: string, text: string): Promise<void> {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await poll(async () => {
    if (!(await option.isVisible())) {
      await byId(page, testId).click();
      await option.waitFor({ state: 'visible', timeout: 2000 }).catch(() => {});
    }
    return option.click({ timeout: 2000 }).then(
      () => true,
      () => false,
    );
  }).toBe(true);
  await poll(() =>
    byId(page, testId)
      .locator('.ant-select-selection-item')
      .allTextContents()
      .then((chosen) => chosen.join(' | ')),
  ).toContain(text);
  // a multiple select keeps its dropdown open over the fields below
  if (await option.isVisible()) await page.keyboard.press('Escape');
}

/** The sidebar's submenu of a group (`menu-group-<name>`). */
const submenuOf = (page: Page, group: string): Locator =>
  page.locator('[data-testid="side-menu"] li.ant-menu-submenu', { has: page.locator(`[data-testid="${group}"]`) });

/**
 * Opens a sidebar group and waits until its expand animation is over (a click during it can get
 * lost). Asked again until it holds: the sidebar also opens the group of the page it lands on, so
 * a click read against a closed group can arrive just after that and close it again.
 */
export async function openGroup(page: Page, group: string): Promise<void> {
  const submenu = submenuOf(page, group);
  await submenu.waitFor({ state: 'visible', timeout: WAIT });
  await expect
    .poll(
      async () => {
        const state = await submenu.evaluate((el) => {
          const sub = el.querySelector(':scope > ul.ant-menu-sub');
          return {
            open: el.classList.contains('ant-menu-submenu-open'),
            settled: !!sub && !/\bant-motion/.test(sub.className),
          };
        });
        if (!state.open) await byId(page, group).click();
        return state.open && state.settled;
      },
      { timeout: WAIT, interval: 400 },
    )
    .toBe(true);
}

/** Opens a page through the sidebar: the group first (when given), then the leaf `menu-<name>`. */
export async function openMenu(page: Page, leaf: string, path: string, group?: string): Promise<void> {
  if (group) await openGroup(page, `menu-group-${group}`);
  const link = await visible(page, `menu-${leaf}`);
  await link.click();
  await waitForPath(page, path);
}

/**
 * The sidebar's menu entries: every group is opened first, so leaves inside groups are in the
 * DOM. Returns the testids of the groups and of the leaves, sorted.
 */
export async function sidebarEntries(page: Page): Promise<{ groups: string[]; leaves: string[] }> {
  const menu = await visible(page, 'side-menu');
  const groups = (
    await menu
      .locator('[data-testid^="menu-group-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!))
  ).sort();
  for (const g of groups) await openGroup(page, g);
  const leaves = await menu
    .locator('a[data-testid^="menu-"]')
    .evaluateAll((els) =>
      els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getAttribute('data-testid')!),
    );
  return { groups, leaves: leaves.sort() };
}

/** The link of the newest mail to `to`, checked to point at this server's activation page. */
export function activationLink(link: string | null | undefined, serverUrl: string): string {
  expect(link, 'the mail carries no link').toBeTruthy();
  const url = new URL(link!);
  expect(url.origin).toBe(serverUrl);
  expect(url.pathname).toBe('/activation');
  expect(url.searchParams.get('token')).toBeTruthy();
  return link!;
}

/** Opens an activation link and sets the password; waits for the success screen. */
export async function activate(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await fill(page, 'field-password', password);
  await fill(page, 'field-confirmPassword', password);
  await byId(page, 'activation-submit').click();
  await visible(page, 'activation-success');
}

/**
 * Counts the page's requests in flight from now on; `settled()` waits until none is left (a
 * reload in the middle of a response aborts it, which is not what a test means to check).
 */
export function trackRequests(page: Page): { settled: () => Promise<void> } {
  const inFlight = new Set<unknown>();
  // the live feed (GET /v1/live) is one request that lasts as long as the page
  page.on('request', (r) => void (new URL(r.url()).pathname !== '/v1/live' && inFlight.add(r)));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return {
    settled: () => poll(() => inFlight.size).toBe(0),
  };
}

/** A PNG drawn by the page's own canvas: a background and, optionally, one box on it. */
export async function drawnPng(
  page: Page,
  width: number,
  height: number,
  background: string,
  box?: { x: number; y: number; w: number; h: number; colour: string },
): Promise<Buffer> {
  const url = await page.evaluate(
    ({ width, height, background, box }) => {
      const c = document.createElement('canvas');
      c.width = width;
      c.height = height;
      const g = c.getContext('2d')!;
      g.fillStyle = background;
      g.fillRect(0, 0, width, height);
      if (box) {
        g.fillStyle = box.colour;
        g.fillRect(box.x, box.y, box.w, box.h);
      }
      return c.toDataURL('image/png');
    },
    { width, height, background, box },
  );
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

/**
 * Runs in the page: opens `url` inside the running console (a client-side navigation, as a menu
 * click or the back button does), for tours over many pages. A page load per page boots the whole
 * console again; this costs only the page. The tab of the page being left is closed on arrival
 * (the state a saved "Add" form leaves with), so a tour does not keep every page it saw mounted
 * and polling; until then its content is marked data-left, so `shownFor` tells the new page apart.
 */
export function openInConsole(url: string): void {
  const leaving = window.location.pathname;
  const moving = new URL(url, window.location.href).pathname !== leaving;
  if (moving) document.querySelectorAll('.herald-page > *').forEach((el) => el.setAttribute('data-left', ''));
  // react-router keeps the app's location state under `usr`
  window.history.pushState(moving ? { usr: { closeTab: leaving }, key: `sweep${Date.now()}` } : null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export type Shown = { at: string; what: string };

/**
 * Runs in the page: what shows for `url` once anything does — another location (a redirect),
 * the no-permission page, or a page of its own, named by its first visible data-testid (in the
 * fresh page area of the console layout, or in the whole body for a page outside it).
 */
export function shownFor(url: string): Shown | null {
  const at = window.location.pathname + window.location.search;
  if (at !== url) return { at, what: document.querySelector('[data-testid="not-found"]') ? 'not-found' : 'redirect' };
  const layout = document.querySelector('[data-testid="console-layout"]');
  const fresh = layout ? Array.from(layout.querySelectorAll('.herald-page > :not([data-left])')) : [document.body];
  const marks = fresh
    .flatMap((area) => Array.from(area.querySelectorAll('[data-testid]')))
    .filter((e) => e.getClientRects().length > 0)
    .map((e) => e.getAttribute('data-testid')!)
    .filter((m) => m !== 'auth-loading');
  if (marks.includes('no-permission')) return { at, what: 'no-permission' };
  return marks.length ? { at, what: `page ${marks[0]}` } : null;
}
