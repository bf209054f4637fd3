/**
 * Permission codes. Menu codes are the spec's role strings with prefix `herald`; button codes
 * are `<menu code>.<action>`. Declared once here; the server route guard, the console menu
 * filter, the route guard and the buttons all call `can()`.
 */
export const PREFIX = 'herald';

export const ROLE_FAMILY = { op: 'herald.op', ac: 'herald.ac' } as const;
export type Side = 'op' | 'ac';

export type MenuPermission = {
  code: string;
  /** i18n key for the permission tree */
  titleKey: string;
  /** which side can hold it: operator (op), account (ac) or both */
  sides: readonly Side[];
  /** button permissions: action → i18n key suffix under `perm.action.` */
  actions: readonly string[];
};

const CRUD = ['query', 'add', 'edit', 'delete'] as const;

export const MENU_PERMISSIONS = [
  { code: 'herald.device.map', titleKey: 'menu.deviceMap', sides: ['op', 'ac'], actions: ['query'] },
  {
    code: 'herald.device.physical.list',
    titleKey: 'menu.deviceList',
    sides: ['op', 'ac'],
    actions: [
      ...CRUD,
      'status',
      'batchAdd',
      'pause',
      'restart',
      'uploadLog',
      'switchGroup',
      'mute',
      'qrSwitch',
      'export',
      'testPrint',
    ],
  },
  {
    code: 'herald.device.physical.list.location',
    titleKey: 'perm.deviceLocation',
    sides: ['op', 'ac'],
    actions: ['query'],
  },
  {
    code: 'herald.device.physical.push.alert.silence',
    titleKey: 'perm.alertSilence',
    sides: ['op', 'ac'],
    actions: ['query', 'mute'],
  },
  {
    code: 'herald.device.physical.push.warn.query',
    titleKey: 'perm.pushWarn',
    sides: ['op', 'ac'],
    // setting: the account's alarm settings (push-alarms.ts)
    actions: ['query', 'setting'],
  },
  { code: 'herald.device.list', titleKey: 'menu.deviceApply', sides: ['op', 'ac'], actions: ['query', 'edit'] },
  {
    code: 'herald.manufacturer',
    titleKey: 'menu.deviceFactory',
    sides: ['op'],
    actions: [...CRUD, 'licence', 'cert', 'revoke', 'download'],
  },
  {
    code: 'herald.ac.manufacturer.licence',
    titleKey: 'menu.deviceCert',
    sides: ['op', 'ac'],
    actions: ['query', 'download'],
  },
  { code: 'herald.device.model', titleKey: 'menu.deviceModel', sides: ['op'], actions: [...CRUD, 'status'] },
  /** the spec's "types" area: read only, the types are seeded with the protocol (docs/decisions.md) */
  { code: 'herald.device.type', titleKey: 'menu.deviceType', sides: ['op'], actions: ['query'] },
  { code: 'herald.device.group', titleKey: 'menu.deviceGroup', sides: ['ac'], actions: CRUD },
  { code: 'herald.device.qrcode', titleKey: 'menu.deviceCode', sides: ['ac'], actions: ['query', 'edit'] },
  {
    code: 'herald.op.account',
    titleKey: 'menu.account',
    sides: ['op'],
    actions: [...CRUD, 'status', 'changeAdmin', 'unlockAdmin'],
  },
  { code: 'herald.app', titleKey: 'menu.apply', sides: ['op', 'ac'], actions: CRUD },
  { code: 'herald.dev.business', titleKey: 'menu.business', sides: ['ac'], actions: CRUD },
  // not in the spec's route table (its templates and print/broadcast records have no listed role): docs/decisions.md
  { code: 'herald.dev.template', titleKey: 'menu.template', sides: ['ac'], actions: CRUD },
  // cancel a job still waiting (0/1), send a finished one again (docs/decisions.md, job control)
  {
    code: 'herald.stat.print.rec',
    titleKey: 'menu.printRecord',
    sides: ['op', 'ac'],
    actions: ['query', 'cancel', 'reprint'],
  },
  {
    code: 'herald.stat.broadcast.rec',
    titleKey: 'menu.broadcastRecord',
    sides: ['op', 'ac'],
    actions: ['query', 'cancel', 'reprint'],
  },
  { code: 'herald.stat.speak.rec', titleKey: 'menu.tradeSpeak', sides: ['op', 'ac'], actions: ['query', 'setting'] },
  { code: 'herald.stat.custom.rec', titleKey: 'menu.general', sides: ['op', 'ac'], actions: ['query'] },
  { code: 'herald.message.publish.rec', titleKey: 'menu.publish', sides: ['op', 'ac'], actions: ['query'] },
  { code: 'herald.message.delivery.rec', titleKey: 'menu.delivery', sides: ['op', 'ac'], actions: ['query'] },
  { code: 'herald.res.firmware', titleKey: 'menu.firmware', sides: ['op', 'ac'], actions: CRUD },
  { code: 'herald.res.respack', titleKey: 'menu.package', sides: ['op', 'ac'], actions: CRUD },
  { code: 'herald.ota.task', titleKey: 'menu.task', sides: ['op', 'ac'], actions: [...CRUD, 'cancel'] },
  { code: 'herald.ota.cohort', titleKey: 'menu.cohort', sides: ['op', 'ac'], actions: CRUD },
  { code: 'herald.res.scapp', titleKey: 'menu.smartConfig', sides: ['op'], actions: [...CRUD, 'list'] },
  { code: 'herald.push.task', titleKey: 'menu.pushTask', sides: ['op', 'ac'], actions: [...CRUD, 'cancel'] },
  { code: 'herald.dev.api', titleKey: 'menu.api', sides: ['ac'], actions: ['query', 'edit', 'secret'] },
  { code: 'herald.dev.speak.test', titleKey: 'menu.speakTest', sides: ['ac'], actions: ['query'] },
  { code: 'herald.geo.fence', titleKey: 'menu.geoFence', sides: ['ac'], actions: [...CRUD, 'status'] },
  /** every account's fences, read only: an operator sees them, the account keeps them */
  { code: 'herald.op.geo.fence', titleKey: 'menu.geoFence', sides: ['op'], actions: ['query'] },
  /** the cell table that positions devices by the cells they hear (the device map's, operators') */
  { code: 'herald.op.cell', titleKey: 'perm.cellTable', sides: ['op'], actions: ['query', 'import'] },
  { code: 'herald.op.notice', titleKey: 'menu.notice', sides: ['op'], actions: [...CRUD, 'publish'] },
  { code: 'herald.oper.log', titleKey: 'menu.operLog', sides: ['op', 'ac'], actions: ['query', 'export'] },
  {
    code: 'herald.admin.op.user',
    titleKey: 'menu.user',
    sides: ['op'],
    actions: [...CRUD, 'status', 'resetPwd', 'unlock', 'sendActivation', 'assignRole'],
  },
  { code: 'herald.admin.op.role', titleKey: 'menu.role', sides: ['op'], actions: CRUD },
  {
    code: 'herald.admin.ac.user',
    titleKey: 'menu.user',
    sides: ['ac'],
    actions: [...CRUD, 'status', 'resetPwd', 'unlock', 'sendActivation', 'assignRole', 'changeAdmin'],
  },
  { code: 'herald.admin.ac.role', titleKey: 'menu.role', sides: ['ac'], actions: CRUD },
] as const satisfies readonly MenuPermission[];

export type MenuCode = (typeof MENU_PERMISSIONS)[number]['code'];

/** Button code helper, e.g. `btn('herald.admin.op.user', 'add')`. */
export const btn = (menu: MenuCode, action: string) => `${menu}.${action}`;

/** Every permission (menu and button) grantable on a side. */
export function permissionsForSide(side: Side): string[] {
  const out: string[] = [];
  for (const m of MENU_PERMISSIONS) {
    if (!(m.sides as readonly Side[]).includes(side)) continue;
    out.push(m.code, ...m.actions.map((a) => `${m.code}.${a}`));
  }
  return out;
}

/** The side's permissions at or under any of `prefixes` (a menu code and its buttons and sub-menus). */
export const permissionsUnder = (side: Side, prefixes: readonly string[]): string[] =>
  permissionsForSide(side).filter((p) => prefixes.some((x) => p === x || p.startsWith(`${x}.`)));

/** The menus whose lists and forms pick an account (the operator's account picker). */
export const ACCOUNT_PICKING_SCREENS = [
  'herald.op.account',
  'herald.device.physical.list',
  'herald.device.list',
  'herald.app',
  'herald.stat',
  'herald.message',
  'herald.res.firmware',
  'herald.res.respack',
  'herald.ota.task',
  'herald.push.task',
  'herald.oper.log',
  'herald.ota.cohort',
  'herald.op.geo.fence',
] as const;
/**
 * Operator permissions that let one pick an account: use the account look-up, and look at one
 * account's dashboard. The server checks them; the console shows the picker by them.
 */
export const ACCOUNT_PICKING_PERMISSIONS: readonly string[] = permissionsUnder('op', ACCOUNT_PICKING_SCREENS);

export const ALL_PERMISSIONS: ReadonlySet<string> = new Set([...permissionsForSide('op'), ...permissionsForSide('ac')]);

/**
 * The one permission check. `required` is a code or a list of codes of which any suffices;
 * an empty requirement is open to everyone signed in.
 */
export function can(held: Iterable<string> | ReadonlySet<string>, required?: string | readonly string[]): boolean {
  if (required === undefined) return true;
  const list = typeof required === 'string' ? [required] : required;
  if (list.length === 0) return true;
  const set = held instanceof Set ? (held as ReadonlySet<string>) : new Set(held);
  return list.some((code) => set.has(code));
}
