import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  FIXED_ROUTES,
  HOME_PATH,
  MENU_PERMISSIONS,
  MENU_ROUTES,
  flattenRoutes,
  permissionsForSide,
  type FlatRoute,
  type RouteNode,
  type Side,
} from '@herald/contract';
import { startHerald, type ApiClient, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import { openInConsole, sidebarEntries, signIn, WAIT } from './ui';

/**
 * The console's side of the access sweep (the API's is packages/server/test/route-sweep.test.ts):
 * every page of the contract's route table (and the fixed pages of the signed-in console), opened
 * by its URL, not through the sidebar, as a user with a two-menu role, the account administrator
 * and the operator administrator. A page the role grants renders at its URL; any other shows the
 * no-permission page there, inside the console (the route guard does the same for pages of the
 * other side: their codes are never held there, or the route is marked for one side only). The
 * sidebar shows exactly the granted menus. Nothing here is a hand list of pages: a page added to
 * the route table later is swept automatically, and one without its guard fails the sweep.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'permowner', email: 'owner@perm.test', password: 'PermOwner#1' };
const CLERK = { username: 'permclerk', email: 'clerk@perm.test', password: 'PermClerk#1' };
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

// ── what the route table asks of each page ───────────────────────────────

/** A menu group: only absolute-path children, no page of its own (as the console builds its router). */
const isGroup = (r: RouteNode) => !!r.children?.length && r.children.every((c) => c.path.startsWith('/'));

type ConsolePage = {
  path: string;
  name: string;
  /** a list's add/edit/detail page: it is opened with `?id=` (or `:id` in its path) */
  child: boolean;
  /** shown in the sidebar when granted (`menu-<name>`), with the groups above it */
  menu: boolean;
  groups: string[];
  /** only for users of this side */
  side?: Side;
  /** what a user of `side` must hold: one code of each list */
  requirements: (side: Side) => string[][];
  /** a user who may not open it is warned and sent home, not shown the no-permission page */
  deniedGoesHome?: boolean;
};

/** Whether the route table lets a user holding `held` on `side` open the page. */
const allowed = (p: ConsolePage, held: ReadonlySet<string>, side: Side) =>
  (!p.side || p.side === side) && p.requirements(side).every((any) => any.some((code) => held.has(code)));

/** Why a user may (or may not) open the page, for the failure messages. */
function reason(p: ConsolePage, held: ReadonlySet<string>, side: Side): string {
  const lists = p.requirements(side);
  if (allowed(p, held, side))
    return lists.length ? `holds ${lists.map((any) => any.join(' or ')).join(' and ')}` : 'needs nothing';
  const missing = lists.filter((any) => !any.some((code) => held.has(code)));
  return [
    p.side && p.side !== side ? `is not on the ${p.side} side` : '',
    ...missing.map((any) => `lacks ${any.join(' or ')}`),
  ]
    .filter(Boolean)
    .join(' and ');
}

const ACTIONS = ['add', 'edit'] as const;

/**
 * A menu page needs, on the page itself and on every page above it, one of the codes listed
 * there; a page marked for one side is for that side only; an add/edit page of a list needs the
 * list menu's add/edit button as well (where the menu has that button on the user's side).
 */
function menuPage(r: FlatRoute): ConsolePage {
  const chain = [...r.parents, r];
  const parent = r.parents[r.parents.length - 1];
  const action = ACTIONS.find((a) => r.hidden && r.fullPath.endsWith(`/${a}`));
  const requirements = (side: Side): string[][] => {
    const lists = chain.filter((n) => n.permission?.length).map((n) => [...n.permission!]);
    if (action && parent?.permission) {
      const buttons = MENU_PERMISSIONS.filter(
        (m) =>
          parent.permission!.includes(m.code) &&
          (m.sides as readonly Side[]).includes(side) &&
          (m.actions as readonly string[]).includes(action),
      ).map((m) => `${m.code}.${action}`);
      if (buttons.length) lists.push(buttons);
    }
    return lists;
  };
  return {
    path: r.fullPath,
    name: r.name,
    child: !!r.hidden && !!parent && !isGroup(parent),
    menu: !r.hidden,
    groups: r.parents.filter(isGroup).map((g) => g.name),
    side: r.side,
    requirements,
    deniedGoesHome: r.deniedGoesHome,
  };
}

const PAGES: ConsolePage[] = [
  ...flattenRoutes(MENU_ROUTES)
    .filter((r) => !isGroup(r))
    .map(menuPage),
  // the fixed pages of the signed-in console are open to every signed-in user
  ...FIXED_ROUTES.filter((r) => !('public' in r) && !r.path.includes('*')).map((r): ConsolePage => ({
    path: r.path,
    name: r.name,
    child: false,
    menu: false,
    groups: [],
    requirements: () => [],
  })),
];

/** The sidebar the route table promises: every granted menu page, and the groups above them. */
function expectedSidebar(held: ReadonlySet<string>, side: Side) {
  const menus = PAGES.filter((p) => p.menu && allowed(p, held, side));
  return {
    groups: [...new Set(menus.flatMap((p) => p.groups))].map((g) => `menu-group-${g}`).sort(),
    leaves: menus.map((p) => `menu-${p.name}`).sort(),
  };
}

// ── what a page shows ────────────────────────────────────────────────────

type Shown = { at: string; what: string };

/**
 * Runs in the page: what shows for `url` once anything does — another location (a redirect),
 * the no-permission page, or a page of its own, named by its first visible data-testid (in the
 * page area of the console layout, or in the whole body for a page outside it).
 */
function shownFor(url: string): Shown | null {
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

/** The URL of a page: `:id` filled, and a list's child pages given `?id=` of an object of that list. */
function urlOf(p: ConsolePage, ids: Record<string, number>): string {
  const list = p.name.split('.')[0]!;
  const id = ids[list] ?? 1;
  const path = p.path.replace(':id', String(id));
  return p.child && path === p.path ? `${path}?id=${id}` : path;
}

type User = { label: string; username: string; password: string; side: Side; held: ReadonlySet<string> };

/**
 * Opens every page of the route table as the user, one after the other in one browser page, and
 * returns one line per page that did not show what the route table says, and the pages granted.
 */
async function sweep(page: Page, user: User, ids: Record<string, number>) {
  const problems: string[] = [];
  const granted: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  for (const p of PAGES) {
    const url = urlOf(p, ids);
    const grants = allowed(p, user.held, user.side);
    if (grants) granted.push(p.path);
    const goesHome = !grants && !!p.deniedGoesHome;
    const expected = grants ? 'the page' : goesHome ? `the warning, then ${HOME_PATH}` : 'no-permission';
    const because = `${user.label} (${user.side}) ${reason(p, user.held, user.side)}`;
    errors.length = 0;
    // the first page is a full load: no page of the sweep is already among the kept-alive tabs
    if (p === PAGES[0]) await page.goto(url);
    else await page.evaluate(openInConsole, url);
    let shown: Shown;
    try {
      shown = (await (await page.waitForFunction(shownFor, url, { timeout: WAIT })).jsonValue())!;
    } catch {
      problems.push(`${url}: nothing shown within ${WAIT / 1000}s, expected ${expected}; ${because}`);
      continue;
    }
    if (goesHome) {
      const warned = await page
        .locator('.herald-toast-warning', { hasText: 'no permission to view this feature' })
        .first()
        .waitFor({ timeout: WAIT })
        .then(
          () => true,
          () => false,
        );
      if (shown.at !== HOME_PATH || !warned)
        problems.push(`${url}: expected ${expected}, went to ${shown.at} (warned: ${warned}); ${because}`);
    } else if (shown.at !== url)
      problems.push(`${url}: expected ${expected}, went to ${shown.at} (${shown.what}); ${because}`);
    else if (grants && !shown.what.startsWith('page '))
      problems.push(`${url}: expected the page, got ${shown.what}; ${because}`);
    else if (!grants && shown.what !== 'no-permission')
      problems.push(`${url}: expected no-permission, got ${shown.what}; ${because}`);
    else if (grants && p.name === 'home' && shown.what !== `page home-${user.side}`)
      problems.push(`${url}: expected the ${user.side} variant of the home page, got ${shown.what}`);
    if (errors.length) problems.push(`${url}: page error ${errors.join(' | ')}`);
  }
  return { problems, granted };
}

// ── the users ────────────────────────────────────────────────────────────

let herald: Herald;
let op: ApiClient;
/** ids of objects that exist, by the name of the list whose child pages take them */
const ids: Record<string, number> = {};
let clerkHeld: string[] = [];

beforeAll(async () => {
  herald = await startHerald();
  const ground = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'Permission Shop',
    models: [{ name: 'Perm printer', code: 'PP1', type: 'printer' }],
  });
  op = ground.op;
  const modelId = ground.modelIds.PP1!;
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  const me = await ok(owner.get('/users/current'), 'current user');
  const device = await ok(owner.post('/v1/devices', { sn: 'PERM00001', modelId }), 'add a device');
  const template = await ok(
    owner.post('/v1/templates', { name: 'Perm template', modelId, body: 'Hello', params: [] }),
    'add a template',
  );
  const business = await ok(
    owner.post('/v1/businesses', { name: 'Perm business', type: 0, templateId: template.id, remark: 'r' }),
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
    account: me.account.id,
    deviceModel: modelId,
    deviceList: device.id,
    template: template.id,
    business: business.id,
    role: role.id,
    user: clerk.id,
  });
});
afterAll(async () => {
  await herald?.stop();
});

/** Signs the user in on a page of their own and sweeps the route table; collects, asserts nothing. */
async function visitAll(user: User) {
  const page = await herald.newPage();
  await signIn(page, user.username, user.password);
  const sidebar = await sidebarEntries(page);
  const { problems, granted } = await sweep(page, user, ids);
  await page.close();
  return { user, sidebar, problems, granted };
}

/**
 * The three users at once, each in a browser page of their own (one after the other takes twice
 * as long: most of a page's time is the console waiting for its code, not the machine working).
 */
// three users over every page of the route table: minutes beside the fault harness on two cores
test('every page of the route table shows only to the users whose role grants it', { timeout: 300_000 }, async () => {
  const ac = new Set(permissionsForSide('ac'));
  const opCodes = new Set(permissionsForSide('op'));
  // the server gives each user what the sweep expects: the role's codes, or the whole side's
  expect([...clerkHeld].sort(), 'the limited user holds the role').toEqual([...CLERK_CODES].sort());
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  expect(new Set((await ok(owner.get('/users/current'), 'the account admin')).permission)).toEqual(ac);
  expect(new Set((await ok(op.get('/users/current'), 'the operator admin')).permission)).toEqual(opCodes);

  const results = await Promise.allSettled([
    visitAll({ label: 'the limited user', ...CLERK, side: 'ac', held: new Set(clerkHeld) }),
    visitAll({ label: 'the account administrator', ...OWNER, side: 'ac', held: ac }),
    visitAll({
      label: 'the operator administrator',
      username: 'admin',
      password: OP_PASSWORD,
      side: 'op',
      held: opCodes,
    }),
  ]);
  for (const r of results) {
    if (r.status === 'rejected') throw r.reason;
    const { user, sidebar, problems } = r.value;
    expect.soft(sidebar, `${user.label}'s sidebar`).toEqual(expectedSidebar(user.held, user.side));
    expect.soft(problems, `${user.label}: pages that do not show what the route table says`).toEqual([]);
  }

  // what the route table makes of the limited role (so its sweep checked grants and refusals alike)
  const clerk = results[0].status === 'fulfilled' ? results[0].value : undefined;
  expect(clerk?.granted.filter((p) => !FIXED_ROUTES.some((f) => f.path === p))).toEqual([
    '/home',
    '/device/list',
    '/device/list/add',
    '/device/list/detail',
    '/device/list/delete-list',
    '/businessmgr/business',
    '/businessmgr/business/edit',
    '/businessmgr/business/detail',
  ]);
});
