import { matchPath } from 'react-router';
import {
  FIXED_ROUTES,
  MENU_PERMISSIONS,
  MENU_ROUTES,
  can,
  flattenRoutes,
  type FlatRoute,
  type RouteNode,
  type Side,
} from '@herald/contract';

/** A menu group: only absolute-path children, no page of its own. */
export const isGroup = (r: RouteNode) => !!r.children?.length && r.children.every((c) => c.path.startsWith('/'));

/** Every page of the menu tree with its absolute path (groups left out). */
export const PAGE_ROUTES: FlatRoute[] = flattenRoutes(MENU_ROUTES).filter((r) => !isGroup(r));

export type TitledRoute = {
  path: string;
  name: string;
  titleKey: string;
  /** a sub-page's list ("Accounts" for its "Add"): tabs of several sub-pages could not be told apart by theirs alone */
  parentTitleKey?: string;
  fixed?: boolean;
  noCache?: boolean;
};

const FIXED_PAGES: TitledRoute[] = FIXED_ROUTES.map((r) => ({
  path: r.path,
  name: r.name,
  titleKey: r.titleKey,
  noCache: true,
}));

const parentPage = (r: FlatRoute) => {
  const parent = r.parents[r.parents.length - 1];
  return r.hidden && parent && !isGroup(parent) ? parent : undefined;
};
const TITLED_PAGES: TitledRoute[] = PAGE_ROUTES.map((r) => ({ ...r, parentTitleKey: parentPage(r)?.titleKey }));

/** The route (menu page or fixed page) a pathname belongs to. */
export function findRoute(pathname: string): TitledRoute | undefined {
  return [...TITLED_PAGES, ...FIXED_PAGES].find((r) => matchPath({ path: r.path, end: true }, pathname));
}

const ACTION_CHILDREN = ['add', 'edit'] as const;

/**
 * Whether the user may open a page: its own and every ancestor's permission, its side, and for
 * add/edit children the matching button permission of the parent menu.
 */
export function routeAllowed(r: FlatRoute, held: ReadonlySet<string>, side: Side): boolean {
  if (r.side && r.side !== side) return false;
  if (![...r.parents, r].every((node) => can(held, node.permission))) return false;
  const action = ACTION_CHILDREN.find((a) => r.name.endsWith(`.${a}`));
  const parent = r.parents[r.parents.length - 1];
  if (action && parent?.permission) {
    const menus = MENU_PERMISSIONS.filter(
      (m) =>
        parent.permission!.includes(m.code) &&
        (m.sides as readonly Side[]).includes(side) &&
        (m.actions as readonly string[]).includes(action),
    );
    if (
      menus.length &&
      !can(
        held,
        menus.map((m) => `${m.code}.${action}`),
      )
    )
      return false;
  }
  return true;
}

export type Crumb = { titleKey: string; path?: string };

/**
 * The trail to a page through the menu tree: groups as plain text, pages above it as links, the
 * page itself last (empty for a path outside the tree).
 */
export function breadcrumbOf(pathname: string): Crumb[] {
  const page = PAGE_ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  if (!page) return [];
  return [...page.parents, page].map((node) => ({
    titleKey: node.titleKey,
    path: node !== page && !isGroup(node) ? node.path : undefined,
  }));
}

/** Whether a path may be shown to this user now (a kept tab of a page since taken away may not). */
export function pathAllowed(pathname: string, held: ReadonlySet<string>, side: Side): boolean {
  const page = PAGE_ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
  if (page) return routeAllowed(page, held, side);
  return FIXED_PAGES.some((r) => matchPath({ path: r.path, end: true }, pathname));
}
