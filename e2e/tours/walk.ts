import { HOME_PATH, type Side } from '@herald/contract';
import type { Page } from 'playwright-core';
import type { Herald } from '../harness';
import { openInConsole, poll, shownFor, sidebarEntries, signIn, trackRequests, visible, WAIT, type Shown } from '../ui';
import { imagesLoaded, watchViolations } from './csp';
import { wrongLanguage, type Lang } from './language';
import { allowed, PAGES, reason, urlOf, type ConsolePage } from './route-table';
import { tableFaults } from './table-fit';

/**
 * A tour: one user signed in once, in one language, opening console pages one after the other
 * inside the running console (as a menu click does), and collecting on each page what every
 * check needs — the policy's violations, who sees which page, the language of the texts, how the
 * lists fit at 1440 px. It asserts nothing: the tests read what it saw.
 */
export type Tour = {
  /** who, for the failure messages: "the operator administrator" */
  who: string;
  username: string;
  password: string;
  side: Side;
  lang: Lang;
  /** the codes the user holds: the tour then opens every page of the route table and checks who sees what */
  held?: ReadonlySet<string>;
  /** ids of objects that exist, by the name of the list whose child pages take them */
  ids?: Record<string, number>;
  /** what must be on screen under the policy before a page counts as seen, by route name (csp.ts) */
  evidence?: Record<string, (page: Page, violations: readonly string[]) => Promise<unknown>>;
  /** names that may show in Chinese: when given, the language of the menu pages (and `more`) is read */
  names?: ReadonlySet<string>;
  /** pages beyond the sidebar's that are read as well, each with the test id it must show, if any */
  alsoRead?: { url: string; shows?: string }[];
  /** whether the lists of the menu pages (and of their own tabs) are checked to fit 1440 px */
  fit?: boolean;
  /** what the user does after the pages; its failure is recorded with the policy's evidence */
  more?: (page: Page, violations: readonly string[]) => Promise<void>;
};

export type Seen = {
  /** "the operator administrator, zh_CN" */
  tour: string;
  sidebar: { groups: string[]; leaves: string[] };
  /** the sidebar's links, as the user sees them */
  links: string[];
  /** pages that did not show what the route table says (access tours) */
  access: string[];
  /** the pages the route table grants (access tours) */
  granted: string[];
  violations: string[];
  /** what the policy had to allow and did not show */
  evidence: string[];
  /** pages with words in the wrong language */
  language: string[];
  /** pages whose language was read */
  read: number;
  tableFaults: string[];
  tables: number;
  pageErrors: string[];
};

type Visit = { url: string; route?: ConsolePage };

const menuLinks = (page: Page) =>
  page
    .locator('[data-testid="side-menu"] a[data-testid^="menu-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('href')!));

/** Signs the user in on a page of their own and walks the tour; a failure to walk leaves the page open for its screenshot. */
export async function walk(herald: Herald, t: Tour): Promise<Seen> {
  const seen: Seen = {
    tour: `${t.who}, ${t.lang}`,
    sidebar: { groups: [], leaves: [] },
    links: [],
    access: [],
    granted: [],
    violations: [],
    evidence: [],
    language: [],
    read: 0,
    tableFaults: [],
    tables: 0,
    pageErrors: [],
  };
  const page = await herald.newPage();
  await watchViolations(page, seen.violations);
  const requests = trackRequests(page);
  let at = '/login';
  page.on('pageerror', (err) => seen.pageErrors.push(`${at}: ${err.message}`));
  await page.goto(`/login?lang=${t.lang}`);
  await signIn(page, t.username, t.password);
  // the avatar in the header: an image Herald serves
  if (t.evidence)
    await imagesLoaded(page, '[data-testid="console-layout"] header img', seen.violations).catch((err: Error) =>
      seen.evidence.push(`the header's avatar: ${err.message}`),
    );
  seen.sidebar = await sidebarEntries(page);
  seen.links = await menuLinks(page);

  const looked = new Set([...seen.links, ...(t.alsoRead ?? []).map((a) => a.url)]);
  const visits: Visit[] = t.held ? PAGES.map((route) => ({ url: urlOf(route, t.ids ?? {}), route })) : [];
  for (const url of looked) if (!visits.some((v) => v.url === url)) visits.push({ url });

  for (const v of visits) {
    at = v.url;
    // a page that sends the user home warns for two seconds: watched for from before it is opened,
    // so that a loaded machine's late look does not miss it
    const warned =
      t.held && v.route?.deniedGoesHome && !allowed(v.route, t.held, t.side)
        ? page
            .locator('.herald-toast-warning', { hasText: 'no permission to view this feature' })
            .first()
            .waitFor({ timeout: WAIT })
            .then(
              () => true,
              () => false,
            )
        : Promise.resolve(false);
    // the first is a full load: no page of the tour is among the kept-alive tabs yet
    if (v === visits[0]) await page.goto(v.url);
    else await page.evaluate(openInConsole, v.url);
    const shown: Shown | null = await page
      .waitForFunction(shownFor, v.url, { timeout: WAIT })
      .then((h) => h.jsonValue())
      .catch(() => null);
    if (t.held && v.route) {
      if (!(await access(v.url, v.route, shown, warned, t, seen))) continue;
    } else if (!shown) throw new Error(`${seen.tour}: ${v.url} showed nothing within ${WAIT / 1000}s`);

    const evidence = v.route && t.evidence?.[v.route.name];
    if (evidence)
      await evidence(page, seen.violations).catch((err: Error) => seen.evidence.push(`${v.url}: ${err.message}`));

    if (!looked.has(v.url) || (!t.names && !t.fit)) continue;
    // what the reader sees: the page's requests answered and its spinners gone
    await requests.settled();
    await poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count()).toBe(0);
    const mark = t.alsoRead?.find((a) => a.url === v.url)?.shows;
    if (mark) await visible(page, mark);
    if (t.names) {
      seen.read++;
      const words = wrongLanguage(await page.evaluate(() => document.body.innerText), t.lang, t.names);
      if (words.length) seen.language.push(`${v.url}: ${words.join(' | ')}`);
    }
    if (t.fit) await fit(page, `${t.lang} ${v.url}`, requests, seen);
  }

  if (t.more)
    await t.more(page, seen.violations).catch((err: Error) => seen.evidence.push(`after the pages: ${err.message}`));
  await page.close();
  return seen;
}

/**
 * Checks what shows for one page of the route table against what the user holds, into
 * `seen.access`; true when the page is granted (and shown), so the other checks look at it.
 */
async function access(
  url: string,
  route: ConsolePage,
  shown: Shown | null,
  warning: Promise<boolean>,
  t: Tour,
  seen: Seen,
) {
  const held = t.held!;
  const grants = allowed(route, held, t.side);
  if (grants) seen.granted.push(route.path);
  const goesHome = !grants && !!route.deniedGoesHome;
  const expected = grants ? 'the page' : goesHome ? `the warning, then ${HOME_PATH}` : 'no-permission';
  const because = `${t.who} (${t.side}) ${reason(route, held, t.side)}`;
  const problem = (line: string) => void seen.access.push(`${url}: ${line}; ${because}`);
  if (!shown) {
    problem(`nothing shown within ${WAIT / 1000}s, expected ${expected}`);
    return false;
  }
  if (goesHome) {
    const warned = await warning;
    if (shown.at !== HOME_PATH || !warned) problem(`expected ${expected}, went to ${shown.at} (warned: ${warned})`);
  } else if (shown.at !== url) problem(`expected ${expected}, went to ${shown.at} (${shown.what})`);
  else if (grants && !shown.what.startsWith('page ')) problem(`expected the page, got ${shown.what}`);
  else if (!grants && shown.what !== 'no-permission') problem(`expected no-permission, got ${shown.what}`);
  else if (grants && route.name === 'home' && shown.what !== `page home-${t.side}`)
    problem(`expected the ${t.side} variant of the home page, got ${shown.what}`);
  return grants && shown.at === url;
}

/** The fit of the lists shown now, and of those behind each of the page's own tabs (not the opened-pages bar). */
async function fit(page: Page, where: string, requests: { settled: () => Promise<void> }, seen: Seen) {
  seen.tableFaults.push(...(await tableFaults(page, where)));
  seen.tables += await page.locator('.ant-table-wrapper:visible').count();
  const inner = page.locator('.ant-tabs:not([data-testid="opened-tabs"]) .ant-tabs-tab:visible');
  const count = await inner.count();
  for (let i = 1; i < count; i++) {
    await inner.nth(i).click();
    await requests.settled();
    await poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    seen.tableFaults.push(...(await tableFaults(page, `${where} tab ${i + 1}`)));
    seen.tables += await page.locator('.ant-table-wrapper:visible').count();
  }
}

/** The tours, at most `width` at a time; each one's result or the error that stopped it. */
export async function walkAll<K extends string>(
  herald: Herald,
  tours: Record<K, Tour>,
  width: number,
): Promise<Record<K, PromiseSettledResult<Seen>>> {
  const keys = Object.keys(tours) as K[];
  const out = {} as Record<K, PromiseSettledResult<Seen>>;
  let next = 0;
  const lane = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      out[key] = await walk(herald, tours[key]).then(
        (value) => ({ status: 'fulfilled', value }) as const,
        (reason: unknown) => ({ status: 'rejected', reason }) as const,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, keys.length) }, lane));
  return out;
}
