import { can, type Side } from './permissions';

/**
 * The one menu/route tree (spec section 2). The console builds its router, sidebar, tabs and
 * breadcrumbs from it; `permission` lists role strings of which any one grants the route.
 * Paths of children are relative to their parent. `hidden` children are pages reached from
 * their list (add, detail, edit) and never shown in the sidebar.
 */
export type RouteNode = {
  path: string;
  /** stable id the console maps to a page component */
  name: string;
  titleKey: string;
  icon?: string;
  permission?: readonly string[];
  /** a page with an operator and an account variant picks it by the selected role */
  variants?: readonly Side[];
  /** only shown to this side (menu entries that exist on one side only) */
  side?: Side;
  hidden?: boolean;
  /**
   * A user without the permission who opens it is warned ('no permission to view this feature')
   * and sent home, instead of shown the no-permission page (spec section 6: the silence list).
   */
  deniedGoesHome?: boolean;
  fixed?: boolean;
  noCache?: boolean;
  children?: readonly RouteNode[];
};

const detailAddEdit = (base: string, which: readonly ('add' | 'edit' | 'detail' | 'detail/:id')[]): RouteNode[] =>
  which.map((w) => ({
    path: w,
    name: `${base}.${w.replace('/:id', '')}`,
    titleKey: `route.${w.replace('/:id', '')}`,
    hidden: true,
    noCache: true,
  }));

export const HOME_PATH = '/home';

/** Routes outside the menu, open to any signed-in user (or to anyone, where `public`). */
export const FIXED_ROUTES = [
  { path: '/redirect/*', name: 'redirect', titleKey: 'route.redirect', hidden: true },
  { path: '/activation', name: 'activation', titleKey: 'route.activation', hidden: true, public: true },
  { path: '/login', name: 'login', titleKey: 'route.login', hidden: true, public: true },
  { path: '/user-center/account-info', name: 'userCenter', titleKey: 'route.userCenter', hidden: true },
  { path: '/msg/list', name: 'msg.list', titleKey: 'route.msg', hidden: true },
  { path: '/msg/list/detail', name: 'msg.detail', titleKey: 'route.detail', hidden: true },
  { path: '/msg/list/detail-sys', name: 'msg.detailSys', titleKey: 'route.detail', hidden: true },
  { path: '/help', name: 'help', titleKey: 'route.help', hidden: true },
  { path: '/401', name: '401', titleKey: 'route.401', hidden: true, public: true },
  { path: '/up-password', name: 'upPassword', titleKey: 'route.upPassword', hidden: true },
  { path: '/404', name: '404', titleKey: 'route.404', hidden: true, public: true },
] as const;

export const MENU_ROUTES: readonly RouteNode[] = [
  {
    path: '/home',
    name: 'home',
    titleKey: 'menu.home',
    icon: 'DashboardOutlined',
    fixed: true,
    variants: ['op', 'ac'],
  },
  {
    path: '/device',
    name: 'deviceRoot',
    titleKey: 'menu.device',
    icon: 'PrinterOutlined',
    children: [
      {
        path: '/device-map/list',
        name: 'deviceMap',
        titleKey: 'menu.deviceMap',
        permission: ['herald.device.map'],
        variants: ['op', 'ac'],
        children: [
          {
            path: 'detail-op',
            name: 'deviceMap.detailOp',
            titleKey: 'route.detail',
            hidden: true,
            noCache: true,
            side: 'op',
          },
          {
            path: 'detail-ac',
            name: 'deviceMap.detailAc',
            titleKey: 'route.detail',
            hidden: true,
            noCache: true,
            side: 'ac',
          },
        ],
      },
      {
        path: '/device/list',
        name: 'deviceList',
        titleKey: 'menu.deviceList',
        permission: ['herald.device.physical.list'],
        children: [
          ...detailAddEdit('deviceList', ['add', 'detail']),
          {
            path: 'batchAdd',
            name: 'deviceList.batchAdd',
            titleKey: 'route.batchAdd',
            hidden: true,
            noCache: true,
            permission: ['herald.device.physical.list.batchAdd'],
          },
          {
            path: 'detail/gs-detail',
            name: 'deviceList.gsDetail',
            titleKey: 'route.location',
            hidden: true,
            noCache: true,
            permission: ['herald.device.physical.list.location'],
          },
          {
            path: 'edit-print',
            name: 'deviceList.editPrint',
            titleKey: 'route.editPrint',
            hidden: true,
            noCache: true,
            permission: ['herald.device.physical.list.edit'],
          },
          { path: 'delete-list', name: 'deviceList.deleteList', titleKey: 'route.deleteList', hidden: true },
          {
            path: 'silence-list',
            name: 'deviceList.silenceList',
            titleKey: 'route.silenceList',
            hidden: true,
            deniedGoesHome: true,
            permission: ['herald.device.physical.push.alert.silence', 'herald.device.physical.push.warn.query'],
          },
        ],
      },
      {
        path: '/device/device-apply',
        name: 'deviceApply',
        titleKey: 'menu.deviceApply',
        permission: ['herald.device.list'],
        children: detailAddEdit('deviceApply', ['detail', 'edit']),
      },
      {
        path: '/device/device-factory',
        name: 'deviceFactory',
        titleKey: 'menu.deviceFactory',
        permission: ['herald.manufacturer'],
      },
      {
        path: '/device/device-cert',
        name: 'deviceCert',
        titleKey: 'menu.deviceCert',
        permission: ['herald.ac.manufacturer.licence'],
      },
      {
        path: '/device/device-model',
        name: 'deviceModel',
        titleKey: 'menu.deviceModel',
        permission: ['herald.device.model'],
        children: detailAddEdit('deviceModel', ['add', 'detail']),
      },
      {
        path: '/device/device-type',
        name: 'deviceType',
        titleKey: 'menu.deviceType',
        permission: ['herald.device.type'],
      },
      {
        path: '/device/device-group',
        name: 'deviceGroup',
        titleKey: 'menu.deviceGroup',
        permission: ['herald.device.group'],
      },
      {
        path: '/device/device-code',
        name: 'deviceCode',
        titleKey: 'menu.deviceCode',
        permission: ['herald.device.qrcode'],
      },
    ],
  },
  {
    path: '/account/list',
    name: 'account',
    titleKey: 'menu.account',
    icon: 'BankOutlined',
    permission: ['herald.op.account'],
    children: detailAddEdit('account', ['add', 'detail', 'edit']),
  },
  {
    path: '/apply/list',
    name: 'apply',
    titleKey: 'menu.apply',
    icon: 'AppstoreOutlined',
    permission: ['herald.app'],
    children: detailAddEdit('apply', ['add', 'detail']),
  },
  {
    path: '/business',
    name: 'businessRoot',
    titleKey: 'menu.businessRoot',
    icon: 'ShopOutlined',
    children: [
      {
        path: '/businessmgr/business',
        name: 'business',
        titleKey: 'menu.business',
        permission: ['herald.dev.business'],
        children: detailAddEdit('business', ['add', 'edit', 'detail']),
      },
      {
        path: '/businessmgr/template',
        name: 'template',
        titleKey: 'menu.template',
        permission: ['herald.dev.template'],
        children: detailAddEdit('template', ['add', 'edit', 'detail']),
      },
      {
        path: '/business-record/print',
        name: 'printRecord',
        titleKey: 'menu.printRecord',
        permission: ['herald.stat.print.rec'],
        children: detailAddEdit('printRecord', ['detail']),
      },
      {
        path: '/business-record/broadcast',
        name: 'broadcastRecord',
        titleKey: 'menu.broadcastRecord',
        permission: ['herald.stat.broadcast.rec'],
        children: detailAddEdit('broadcastRecord', ['detail']),
      },
      {
        path: '/business-record/trade-speak',
        name: 'tradeSpeak',
        titleKey: 'menu.tradeSpeak',
        permission: ['herald.stat.speak.rec'],
        children: [
          ...detailAddEdit('tradeSpeak', ['detail']),
          // an account's own setting, saved with the button permission: others get the no-permission page, not a refused call
          {
            path: 'setting',
            name: 'tradeSpeak.setting',
            titleKey: 'route.setting',
            hidden: true,
            noCache: true,
            permission: ['herald.stat.speak.rec.setting'],
            side: 'ac',
          },
        ],
      },
      {
        path: '/business-record/general',
        name: 'general',
        titleKey: 'menu.general',
        permission: ['herald.stat.custom.rec'],
        children: detailAddEdit('general', ['detail']),
      },
    ],
  },
  {
    path: '/message-record',
    name: 'messageRoot',
    titleKey: 'menu.messageRoot',
    icon: 'MessageOutlined',
    children: [
      {
        path: '/message-record/publish',
        name: 'publish',
        titleKey: 'menu.publish',
        permission: ['herald.message.publish.rec'],
        children: detailAddEdit('publish', ['detail']),
      },
      {
        path: '/message-record/delivery',
        name: 'delivery',
        titleKey: 'menu.delivery',
        permission: ['herald.message.delivery.rec'],
        children: detailAddEdit('delivery', ['detail']),
      },
      {
        path: '/notice/list',
        name: 'notice',
        titleKey: 'menu.notice',
        permission: ['herald.op.notice'],
        children: detailAddEdit('notice', ['add', 'edit', 'detail']),
      },
    ],
  },
  {
    path: '/resource',
    name: 'resourceRoot',
    titleKey: 'menu.resourceRoot',
    icon: 'CloudUploadOutlined',
    children: [
      {
        path: '/resource/firmware',
        name: 'firmware',
        titleKey: 'menu.firmware',
        permission: ['herald.res.firmware'],
        children: detailAddEdit('firmware', ['add', 'detail/:id']),
      },
      {
        path: '/resource/package',
        name: 'package',
        titleKey: 'menu.package',
        permission: ['herald.res.respack'],
        children: detailAddEdit('package', ['add', 'detail/:id']),
      },
      {
        path: '/resource/task',
        name: 'task',
        titleKey: 'menu.task',
        permission: ['herald.ota.task'],
        children: detailAddEdit('task', ['add', 'edit', 'detail/:id']),
      },
      {
        path: '/resource/cohort',
        name: 'cohort',
        titleKey: 'menu.cohort',
        permission: ['herald.ota.cohort'],
        children: detailAddEdit('cohort', ['add', 'detail/:id']),
      },
      {
        path: '/resource/smart-config',
        name: 'smartConfig',
        titleKey: 'menu.smartConfig',
        permission: ['herald.res.scapp'],
        children: detailAddEdit('smartConfig', ['add', 'edit', 'detail/:id']),
      },
      {
        path: '/push/task',
        name: 'pushTask',
        titleKey: 'menu.pushTask',
        permission: ['herald.push.task'],
        children: detailAddEdit('pushTask', ['add', 'detail/:id']),
      },
    ],
  },
  {
    path: '/system',
    name: 'developerRoot',
    titleKey: 'menu.developerRoot',
    icon: 'ApiOutlined',
    children: [
      { path: '/system/api', name: 'api', titleKey: 'menu.api', permission: ['herald.dev.api'] },
      {
        path: '/system/speak-test',
        name: 'speakTest',
        titleKey: 'menu.speakTest',
        permission: ['herald.dev.speak.test'],
      },
    ],
  },
  {
    path: '/geo-fence/list',
    name: 'geoFence',
    titleKey: 'menu.geoFence',
    icon: 'AimOutlined',
    // operators read every account's fences (herald.op.geo.fence); only an account adds and edits
    permission: ['herald.geo.fence', 'herald.op.geo.fence'],
    children: [
      ...detailAddEdit('geoFence', ['add', 'edit']).map((r) => ({ ...r, side: 'ac' as const })),
      ...detailAddEdit('geoFence', ['detail']),
      { path: 'detail/gs-detail', name: 'geoFence.gsDetail', titleKey: 'route.location', hidden: true, noCache: true },
    ],
  },
  {
    path: '/oper-log/list',
    name: 'operLog',
    titleKey: 'menu.operLog',
    icon: 'FileSearchOutlined',
    permission: ['herald.oper.log'],
  },
  {
    path: '/user',
    name: 'adminRoot',
    titleKey: 'menu.adminRoot',
    icon: 'TeamOutlined',
    children: [
      {
        path: '/user/list',
        name: 'user',
        titleKey: 'menu.user',
        permission: ['herald.admin.op.user', 'herald.admin.ac.user'],
        variants: ['op', 'ac'],
        children: [
          ...detailAddEdit('user', ['add', 'edit']),
          { path: 'details', name: 'user.details', titleKey: 'route.details', hidden: true, noCache: true },
          {
            path: 'addRoles',
            name: 'user.addRoles',
            titleKey: 'route.addRoles',
            hidden: true,
            noCache: true,
            permission: ['herald.admin.op.user.assignRole', 'herald.admin.ac.user.assignRole'],
          },
        ],
      },
      {
        path: '/user/role-list',
        name: 'role',
        titleKey: 'menu.role',
        permission: ['herald.admin.op.role', 'herald.admin.ac.role'],
        variants: ['op', 'ac'],
        children: [
          ...detailAddEdit('role', ['add', 'edit']),
          { path: 'details', name: 'role.details', titleKey: 'route.details', hidden: true, noCache: true },
        ],
      },
    ],
  },
];

/**
 * Keep the routes any of whose permissions the user holds, recursively (spec: a route with no
 * role restriction is open to everyone). A group without a path of its own disappears when
 * none of its children remain.
 */
export function filterRoutes(routes: readonly RouteNode[], held: ReadonlySet<string>, side: Side): RouteNode[] {
  const out: RouteNode[] = [];
  for (const r of routes) {
    if (r.side && r.side !== side) continue;
    if (!can(held, r.permission)) continue;
    if (r.children) {
      const children = filterRoutes(r.children, held, side);
      // a pure menu group disappears when none of its visible entries remain
      const definesVisible = r.children.some((c) => !c.hidden);
      if (!r.permission && definesVisible && !children.some((c) => !c.hidden)) continue;
      out.push({ ...r, children });
    } else {
      out.push(r);
    }
  }
  return out;
}

/** Absolute path of a child route. */
export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

export type FlatRoute = RouteNode & { fullPath: string; parents: RouteNode[] };

/** Depth-first list of every route with its absolute path (groups included). */
export function flattenRoutes(routes: readonly RouteNode[], parents: RouteNode[] = []): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const r of routes) {
    const base = parents.length ? joinPath(parents[parents.length - 1]!.path, r.path) : r.path;
    const node = { ...r, path: base };
    out.push({ ...node, fullPath: base, parents });
    if (r.children) out.push(...flattenRoutes(r.children, [...parents, node]));
  }
  return out;
}

/**
 * Sidebar active rule (spec): an item is active when the current path's first segment, or
 * first two segments, equals the item's path.
 */
export function isActiveMenu(itemPath: string, currentPath: string): boolean {
  const segs = currentPath.split('/').filter(Boolean);
  const one = `/${segs.slice(0, 1).join('/')}`;
  const two = `/${segs.slice(0, 2).join('/')}`;
  return itemPath === currentPath || itemPath === one || itemPath === two;
}

/**
 * First page after sign-in (spec): the device QR page for holders of herald.device.qrcode,
 * otherwise /home (whose variant follows the selected role).
 */
export function firstPage(held: ReadonlySet<string>): string {
  if (held.has('herald.device.qrcode')) return '/device/device-code';
  return HOME_PATH;
}
