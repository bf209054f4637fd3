import { FIXED_ROUTES, MENU_ROUTES, filterRoutes, flattenRoutes, type Side } from '@herald/contract';

/**
 * The help centre's articles, language aside (their words are in locales/<lang>/help.ts). `routes`
 * names the pages an article is about: it is listed to users who can reach one of them (an article
 * without routes to everyone), opened by the header's help button on those pages and their
 * sub-pages, and links to the first one the user can reach.
 */
const TOPICS = [
  { id: 'gettingStarted', routes: ['home', 'userCenter', 'account', 'user', 'role'] },
  { id: 'devices', routes: ['deviceList', 'deviceApply', 'deviceGroup'] },
  { id: 'templates', routes: ['template', 'business'] },
  { id: 'records', routes: ['printRecord', 'broadcastRecord', 'tradeSpeak', 'general', 'publish', 'delivery'] },
  // the server's OpenAPI page, which used to be the header's "API docs" button
  { id: 'openApi', routes: ['api', 'general'], docsPath: '/docs' },
  { id: 'ota', routes: ['task', 'pushTask', 'firmware', 'package'] },
  { id: 'deviceMap', routes: ['deviceMap', 'deviceList.gsDetail', 'geoFence'] },
  { id: 'alarmsAndMessages', routes: ['deviceList.silenceList', 'msg.list', 'notice'] },
  { id: 'customQr', routes: ['deviceCode', 'account'] },
  { id: 'faq', routes: [] },
] as const satisfies readonly { id: string; routes: readonly string[]; docsPath?: string }[];

export type HelpTopicId = (typeof TOPICS)[number]['id'];
export type HelpTopic = { id: HelpTopicId; routes: readonly string[]; docsPath?: string };
export const HELP_TOPICS: readonly HelpTopic[] = TOPICS;

export type KnownRoute = { path: string; titleKey: string; linkable: boolean };

/**
 * Every route by name. Forms and single records (hidden and never cached: add, edit, detail, a
 * device's location) need an id or a list to come from, so an article does not link to them.
 */
export const ROUTES_BY_NAME: ReadonlyMap<string, KnownRoute> = new Map([
  ...flattenRoutes(MENU_ROUTES).map((r): [string, KnownRoute] => [
    r.name,
    { path: r.fullPath, titleKey: r.titleKey, linkable: !(r.hidden && r.noCache) && !r.fullPath.includes(':') },
  ]),
  ...FIXED_ROUTES.map((r): [string, KnownRoute] => [r.name, { path: r.path, titleKey: r.titleKey, linkable: true }]),
]);

/** A menu route's name, then its parents' nearest first (a sub-page takes its list's article). */
const LINEAGE: ReadonlyMap<string, readonly string[]> = new Map(
  flattenRoutes(MENU_ROUTES).map((r) => [r.name, [r.name, ...r.parents.map((p) => p.name).reverse()]]),
);

/** The article about a page (by route name), if any: the page's own first, else its list's. */
export function topicForRoute(name: string | undefined): HelpTopicId | undefined {
  if (!name) return undefined;
  for (const n of LINEAGE.get(name) ?? [name]) {
    const topic = HELP_TOPICS.find((t) => t.routes.includes(n));
    if (topic) return topic.id;
  }
  return undefined;
}

/** Names of the routes the user can reach: the sidebar's filter of the menu tree, and the fixed pages. */
export function reachableRoutes(held: ReadonlySet<string>, side: Side): ReadonlySet<string> {
  return new Set([
    ...flattenRoutes(filterRoutes(MENU_ROUTES, held, side)).map((r) => r.name),
    ...FIXED_ROUTES.map((r) => r.name),
  ]);
}

/** The articles a user with these reachable routes is shown, in their order. */
export function visibleTopics(reachable: ReadonlySet<string>): HelpTopic[] {
  return HELP_TOPICS.filter((t) => t.routes.length === 0 || t.routes.some((r) => reachable.has(r)));
}

/** Where the article's "Go to page" leads: its first related page the user can reach and open as it is. */
export function pageOf(topic: HelpTopic, reachable: ReadonlySet<string>): KnownRoute | undefined {
  for (const name of topic.routes) {
    const route = ROUTES_BY_NAME.get(name);
    if (route?.linkable && reachable.has(name)) return route;
  }
  return undefined;
}
