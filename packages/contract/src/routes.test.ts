import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, can, MENU_PERMISSIONS, permissionsForSide, ROLE_FAMILY } from './permissions';
import { filterRoutes, firstPage, FIXED_ROUTES, flattenRoutes, HOME_PATH, isActiveMenu, MENU_ROUTES } from './routes';

const SPEC_ROLE_STRINGS = [
  'device.map',
  'device.physical.list',
  'device.physical.list.location',
  'device.list',
  'manufacturer',
  'ac.manufacturer.licence',
  'device.model',
  'device.group',
  'device.qrcode',
  'op.account',
  'app',
  'dev.business',
  'stat.speak.rec',
  'stat.custom.rec',
  'message.publish.rec',
  'message.delivery.rec',
  'res.firmware',
  'res.respack',
  'ota.task',
  'res.scapp',
  'push.task',
  'dev.api',
  'dev.speak.test',
  'geo.fence',
  'op.notice',
  'oper.log',
  'admin.ac.user',
  'admin.op.user',
  'admin.ac.role',
  'admin.op.role',
  'device.physical.push.alert.silence',
  'device.physical.push.warn.query',
].map((s) => `herald.${s}`);

const SPEC_MENU_PATHS = [
  '/device-map/list',
  '/device/list',
  '/device/device-apply',
  '/device/device-factory',
  '/device/device-cert',
  '/device/device-model',
  '/device/device-group',
  '/device/device-code',
  '/account/list',
  '/apply/list',
  '/businessmgr/business',
  '/business-record/trade-speak',
  '/business-record/general',
  '/message-record/publish',
  '/message-record/delivery',
  '/resource/firmware',
  '/resource/package',
  '/resource/task',
  '/resource/smart-config',
  '/push/task',
  '/system/api',
  '/system/speak-test',
  '/geo-fence/list',
  '/notice/list',
  '/oper-log/list',
  '/user/list',
  '/user/role-list',
];

describe('permission catalogue', () => {
  it('holds every role string of the spec', () => {
    for (const code of SPEC_ROLE_STRINGS) expect(ALL_PERMISSIONS.has(code), code).toBe(true);
  });
  it('keeps sides apart', () => {
    const op = new Set(permissionsForSide('op'));
    const ac = new Set(permissionsForSide('ac'));
    expect(op.has('herald.op.account.add')).toBe(true);
    expect(ac.has('herald.op.account')).toBe(false);
    expect(ac.has('herald.admin.ac.user.changeAdmin')).toBe(true);
    expect(op.has('herald.admin.ac.user')).toBe(false);
  });
  it('has no duplicate menu codes', () => {
    const codes = MENU_PERMISSIONS.map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
  it('can(): any listed code suffices; no requirement is open', () => {
    expect(can(['a'], ['b', 'a'])).toBe(true);
    expect(can(['a'], 'b')).toBe(false);
    expect(can([], undefined)).toBe(true);
    expect(can([], [])).toBe(true);
  });
});

describe('route tree', () => {
  const flat = flattenRoutes(MENU_ROUTES);
  it('contains every menu route of the spec with its role', () => {
    for (const p of SPEC_MENU_PATHS)
      expect(
        flat.some((r) => r.fullPath === p),
        p,
      ).toBe(true);
    expect(flat.find((r) => r.fullPath === '/device/list')?.permission).toEqual(['herald.device.physical.list']);
    expect(flat.find((r) => r.fullPath === '/resource/task/detail/:id')?.hidden).toBe(true);
  });
  it('has unique paths and names, and only known permission codes', () => {
    const paths = flat.map((r) => r.fullPath);
    expect(new Set(paths).size).toBe(paths.length);
    const names = flat.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of flat) for (const p of r.permission ?? []) expect(ALL_PERMISSIONS.has(p), p).toBe(true);
  });
  it('filters recursively and drops empty groups', () => {
    const held = new Set(['herald.device.group', 'herald.oper.log']);
    const visible = flattenRoutes(filterRoutes(MENU_ROUTES, held, 'ac'))
      .filter((r) => !r.hidden && !r.children?.some((c) => !c.hidden))
      .map((r) => r.fullPath);
    expect(visible).toEqual(['/home', '/device/device-group', '/oper-log/list']);
  });
  it('keeps a child only when its own role is held', () => {
    const held = new Set(['herald.device.physical.list']);
    const kept = flattenRoutes(filterRoutes(MENU_ROUTES, held, 'ac')).map((r) => r.fullPath);
    expect(kept).toContain('/device/list/add');
    expect(kept).not.toContain('/device/list/silence-list');
    expect(kept).not.toContain('/device/list/detail/gs-detail');
    expect(kept).not.toContain('/device/list/batchAdd');
    expect(kept).not.toContain('/device/list/edit-print');
  });
  it('keeps the trade speak setting to accounts holding its button', () => {
    const held = new Set(['herald.stat.speak.rec', 'herald.stat.speak.rec.setting']);
    const paths = (side: 'op' | 'ac', codes: Set<string>) =>
      flattenRoutes(filterRoutes(MENU_ROUTES, codes, side)).map((r) => r.fullPath);
    expect(paths('ac', held)).toContain('/business-record/trade-speak/setting');
    expect(paths('op', held)).not.toContain('/business-record/trade-speak/setting');
    expect(paths('ac', new Set(['herald.stat.speak.rec']))).not.toContain('/business-record/trade-speak/setting');
  });
  it('honours side-specific children', () => {
    const held = new Set(['herald.device.map']);
    const op = flattenRoutes(filterRoutes(MENU_ROUTES, held, 'op')).map((r) => r.fullPath);
    expect(op).toContain('/device-map/list/detail-op');
    expect(op).not.toContain('/device-map/list/detail-ac');
  });
  it('active rule compares the first one or two segments', () => {
    expect(isActiveMenu('/device/list', '/device/list/detail')).toBe(true);
    expect(isActiveMenu('/account/list', '/account/list/edit')).toBe(true);
    expect(isActiveMenu('/device/list', '/device/device-group')).toBe(false);
  });
  it('first page follows the spec rule', () => {
    expect(firstPage(new Set(['herald.device.qrcode']))).toBe('/device/device-code');
    expect(firstPage(new Set())).toBe('/home');
  });
});

/**
 * The spec's route table (section 2), line by line: path, the role(s) that grant it and its
 * children (pages reached from the list: hidden from the sidebar, never cached). Herald's own
 * additions (templates, print and broadcast records: docs/decisions.md) are listed apart.
 */
const SPEC_ROUTE_TABLE: [path: string, roles: string[], children: string[]][] = [
  ['/device-map/list', ['device.map'], ['detail-op', 'detail-ac']],
  [
    '/device/list',
    ['device.physical.list'],
    ['add', 'batchAdd', 'detail', 'detail/gs-detail', 'edit-print', 'delete-list', 'silence-list'],
  ],
  ['/device/device-apply', ['device.list'], ['detail', 'edit']],
  ['/device/device-factory', ['manufacturer'], []],
  ['/device/device-cert', ['ac.manufacturer.licence'], []],
  ['/device/device-model', ['device.model'], ['add', 'detail']],
  ['/device/device-group', ['device.group'], []],
  ['/device/device-code', ['device.qrcode'], []],
  ['/account/list', ['op.account'], ['add', 'detail', 'edit']],
  ['/apply/list', ['app'], ['add', 'detail']],
  ['/businessmgr/business', ['dev.business'], ['add', 'edit', 'detail']],
  ['/business-record/trade-speak', ['stat.speak.rec'], ['detail', 'setting']],
  ['/business-record/general', ['stat.custom.rec'], ['detail']],
  ['/message-record/publish', ['message.publish.rec'], ['detail']],
  ['/message-record/delivery', ['message.delivery.rec'], ['detail']],
  ['/resource/firmware', ['res.firmware'], ['add', 'detail/:id']],
  ['/resource/package', ['res.respack'], ['add', 'detail/:id']],
  ['/resource/task', ['ota.task'], ['add', 'edit', 'detail/:id']],
  ['/resource/smart-config', ['res.scapp'], ['add', 'edit', 'detail/:id']],
  ['/push/task', ['push.task'], ['add', 'detail/:id']],
  ['/system/api', ['dev.api'], []],
  ['/system/speak-test', ['dev.speak.test'], []],
  // the spec's role, and Herald's read-only one for operators (issue 29: every account's fences)
  ['/geo-fence/list', ['geo.fence', 'op.geo.fence'], ['add', 'edit', 'detail', 'detail/gs-detail']],
  ['/notice/list', ['op.notice'], ['add', 'edit', 'detail']],
  ['/oper-log/list', ['oper.log'], []],
  ['/user/list', ['admin.op.user', 'admin.ac.user'], ['add', 'details', 'edit', 'addRoles']],
  ['/user/role-list', ['admin.op.role', 'admin.ac.role'], ['add', 'details', 'edit']],
];
const HERALD_ADDED: [path: string, roles: string[], children: string[]][] = [
  ['/businessmgr/template', ['dev.template'], ['add', 'edit', 'detail']],
  ['/business-record/print', ['stat.print.rec'], ['detail']],
  ['/business-record/broadcast', ['stat.broadcast.rec'], ['detail']],
  ['/resource/cohort', ['ota.cohort'], ['add', 'detail/:id']],
  // the spec's "types" permission area (section 6) with no route of its own in its table (issue 29)
  ['/device/device-type', ['device.type'], []],
];

describe("the spec's route table", () => {
  const flat = flattenRoutes(MENU_ROUTES);
  const pages = flat.filter((r) => r.permission?.length && !r.hidden);

  it.each([...SPEC_ROUTE_TABLE, ...HERALD_ADDED])('%s needs %j, children %j', (path, roles, children) => {
    const route = flat.find((r) => r.fullPath === path);
    expect(route, path).toBeDefined();
    expect(route!.hidden).toBeFalsy();
    expect([...(route!.permission ?? [])].sort()).toEqual(roles.map((r) => `herald.${r}`).sort());
    expect((route!.children ?? []).map((c) => c.path).sort()).toEqual([...children].sort());
    for (const c of route!.children ?? []) {
      expect(c.hidden, `${path}/${c.path} hidden`).toBe(true);
      expect(c.fixed, `${path}/${c.path} fixed`).toBeFalsy();
    }
    // add/edit/detail pages are forms or single records: never served from the tab cache
    for (const c of route!.children ?? [])
      if (/^(add|edit|detail|details|batchAdd|addRoles|setting|edit-print)/.test(c.path))
        expect(c.noCache, `${path}/${c.path} noCache`).toBe(true);
  });

  it('has no menu page beyond the table', () => {
    const listed = new Set([...SPEC_ROUTE_TABLE, ...HERALD_ADDED].map(([p]) => p));
    expect(pages.map((r) => r.fullPath).filter((p) => !listed.has(p))).toEqual([]);
  });

  it('picks the operator or account variant where the spec says so', () => {
    for (const p of ['/device-map/list', '/user/list', '/user/role-list', '/home'])
      expect(flat.find((r) => r.fullPath === p)?.variants, p).toEqual(['op', 'ac']);
    const map = flat.find((r) => r.fullPath === '/device-map/list')!;
    expect(map.children!.map((c) => [c.path, c.side])).toEqual([
      ['detail-op', 'op'],
      ['detail-ac', 'ac'],
    ]);
  });

  it('guards the extra pages as the spec says', () => {
    // location page: device list role AND the location role
    const gs = flat.find((r) => r.fullPath === '/device/list/detail/gs-detail')!;
    expect(gs.parents.at(-1)?.permission).toEqual(['herald.device.physical.list']);
    expect(gs.permission).toEqual(['herald.device.physical.list.location']);
    expect(filterRoutes(MENU_ROUTES, new Set(['herald.device.physical.list.location']), 'ac').length).toBe(1); // home only
    // silence list: either alarm role
    const silence = flat.find((r) => r.fullPath === '/device/list/silence-list')!;
    expect([...silence.permission!].sort()).toEqual([
      'herald.device.physical.push.alert.silence',
      'herald.device.physical.push.warn.query',
    ]);
  });

  it('has /home as the fixed, open home page and the fixed routes of the spec', () => {
    const home = flat.find((r) => r.fullPath === HOME_PATH)!;
    expect(home.fixed).toBe(true);
    expect(home.permission).toBeUndefined();
    expect(flat.filter((r) => r.fixed).map((r) => r.fullPath)).toEqual(['/home']);
    const fixed = FIXED_ROUTES.map((r) => r.path);
    for (const p of [
      '/redirect/*',
      '/activation',
      '/user-center/account-info',
      '/msg/list',
      '/msg/list/detail',
      '/msg/list/detail-sys',
      '/401',
      '/up-password',
      '/404',
    ])
      expect(fixed, p).toContain(p);
    expect(FIXED_ROUTES.filter((r) => 'public' in r && r.public).map((r) => r.path)).toEqual([
      '/activation',
      '/login',
      '/401',
      '/404',
    ]);
  });

  it('gives every route a title key and every top-level entry an icon', () => {
    for (const r of flat) expect(r.titleKey, r.fullPath).toMatch(/^(menu|route)\.[A-Za-z0-9]+$/);
    for (const r of MENU_ROUTES) expect(r.icon, r.path).toMatch(/Outlined$/);
  });

  it('knows the role families', () => {
    expect(ROLE_FAMILY).toEqual({ op: 'herald.op', ac: 'herald.ac' });
  });
});

describe('button permissions per area (spec section 6)', () => {
  const CRUD = ['query', 'add', 'edit', 'delete'];
  const AREAS: [area: string, menu: string, actions: string[]][] = [
    ['roles (operator)', 'admin.op.role', CRUD],
    ['roles (account)', 'admin.ac.role', CRUD],
    ['users (operator)', 'admin.op.user', [...CRUD, 'status', 'resetPwd', 'unlock', 'sendActivation', 'assignRole']],
    [
      'users (account)',
      'admin.ac.user',
      [...CRUD, 'status', 'resetPwd', 'unlock', 'sendActivation', 'assignRole', 'changeAdmin'],
    ],
    ['accounts', 'op.account', [...CRUD, 'status', 'changeAdmin', 'unlockAdmin']],
    ['businesses', 'dev.business', CRUD],
    ['groups', 'device.group', CRUD],
    [
      'devices',
      'device.physical.list',
      [...CRUD, 'status', 'batchAdd', 'pause', 'restart', 'uploadLog', 'switchGroup', 'mute', 'qrSwitch'],
    ],
    ['device registrations', 'device.list', ['query', 'edit']],
    ['applications', 'app', CRUD],
    ['firmware', 'res.firmware', CRUD],
    ['resource packages', 'res.respack', CRUD],
    ['SmartConfig', 'res.scapp', [...CRUD, 'list']],
    ['templates', 'dev.template', CRUD],
    ['upgrade tasks', 'ota.task', [...CRUD, 'cancel']],
    ['push tasks', 'push.task', [...CRUD, 'cancel']],
    ['models', 'device.model', [...CRUD, 'status']],
    ['manufacturers', 'manufacturer', [...CRUD, 'licence', 'cert', 'revoke', 'download']],
    ['geofences', 'geo.fence', [...CRUD, 'status']],
    ['notices', 'op.notice', [...CRUD, 'publish']],
    ['messages (publish records)', 'message.publish.rec', ['query']],
    ['messages (delivery records)', 'message.delivery.rec', ['query']],
    ['QR switch', 'device.qrcode', ['query', 'edit']],
    ['location', 'device.physical.list.location', ['query']],
    ['logs', 'oper.log', ['query', 'export']],
    ['alarms (silence)', 'device.physical.push.alert.silence', ['query', 'mute']],
    ['alarms (warnings)', 'device.physical.push.warn.query', ['query']],
  ];
  it.each(AREAS)('%s: herald.%s.{%j}', (_area, menu, actions) => {
    for (const a of actions) expect(ALL_PERMISSIONS.has(`herald.${menu}.${a}`), `herald.${menu}.${a}`).toBe(true);
  });
  it('puts each button permission on the sides of its menu only', () => {
    for (const m of MENU_PERMISSIONS)
      for (const side of ['op', 'ac'] as const) {
        const held = new Set(permissionsForSide(side));
        for (const a of m.actions)
          expect(held.has(`${m.code}.${a}`), `${side} ${m.code}.${a}`).toBe(
            (m.sides as readonly string[]).includes(side),
          );
      }
  });
});
