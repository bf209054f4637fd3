import {
  FIXED_ROUTES,
  MENU_PERMISSIONS,
  MENU_ROUTES,
  flattenRoutes,
  type FlatRoute,
  type RouteNode,
  type Side,
} from '@herald/contract';

/**
 * What the contract's route table asks of each console page: who may open it, whether the sidebar
 * shows it, and the URL a tour opens it at. Nothing here is a hand list of pages: a page added to
 * the route table later is toured automatically, and one without its guard fails the access check.
 */

/** A menu group: only absolute-path children, no page of its own (as the console builds its router). */
const isGroup = (r: RouteNode) => !!r.children?.length && r.children.every((c) => c.path.startsWith('/'));

export type ConsolePage = {
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
export const allowed = (p: ConsolePage, held: ReadonlySet<string>, side: Side) =>
  (!p.side || p.side === side) && p.requirements(side).every((any) => any.some((code) => held.has(code)));

/** Why a user may (or may not) open the page, for the failure messages. */
export function reason(p: ConsolePage, held: ReadonlySet<string>, side: Side): string {
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

/** Every page of the route table, and the fixed pages of the signed-in console (open to every signed-in user). */
export const PAGES: ConsolePage[] = [
  ...flattenRoutes(MENU_ROUTES)
    .filter((r) => !isGroup(r))
    .map(menuPage),
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
export function expectedSidebar(held: ReadonlySet<string>, side: Side) {
  const menus = PAGES.filter((p) => p.menu && allowed(p, held, side));
  return {
    groups: [...new Set(menus.flatMap((p) => p.groups))].map((g) => `menu-group-${g}`).sort(),
    leaves: menus.map((p) => `menu-${p.name}`).sort(),
  };
}

/** The URL of a page: `:id` filled, and a list's child pages given `?id=` of an object of that list. */
export function urlOf(p: ConsolePage, ids: Record<string, number>): string {
  const list = p.name.split('.')[0]!;
  const id = ids[list] ?? 1;
  const path = p.path.replace(':id', String(id));
  return p.child && path === p.path ? `${path}?id=${id}` : path;
}
