import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, can, MENU_PERMISSIONS, permissionsForSide } from './permissions';
import { filterRoutes, firstPage, flattenRoutes, isActiveMenu, MENU_ROUTES } from './routes';

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
