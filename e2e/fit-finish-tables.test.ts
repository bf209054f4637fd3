import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import { openAndSettle, sidebarEntries, signIn, trackRequests, poll } from './ui';

/**
 * Every list of both sides at 1440×900, in both languages: no column header breaks inside a word,
 * the action column is inside the viewport, no column slides under the pinned action column once
 * the table is scrolled to its end, and a status dot stays on its text's line.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'fitowner', email: 'owner@fit.test', password: 'FitOwner#2024' };

let herald: Herald;

beforeAll(async () => {
  herald = await startHerald();
  const ground = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'Fit and Finish Trading Company',
    models: [
      { name: 'Fit receipt printer 80 mm', code: 'FP80', type: 'printer' },
      { name: 'Fit payment speaker', code: 'FS1', type: 'speaker' },
    ],
  });
  const owner = await herald.api().login(OWNER.username, OWNER.password);
  await ok(owner.post('/v1/devices', { sn: 'FITPRINTER0001', modelId: ground.modelIds.FP80 }), 'add a printer');
  await ok(owner.post('/v1/devices', { sn: 'FITSPEAKER0001', modelId: ground.modelIds.FS1 }), 'add a speaker');
}, 120_000);
afterAll(async () => {
  await herald?.stop();
});

/** What is wrong with the tables shown now (an empty list when nothing is). */
function tableFaults(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    const faults: string[] = [];
    const shown = (el: Element) => (el as HTMLElement).offsetParent !== null;
    for (const table of Array.from(document.querySelectorAll('.ant-table-wrapper'))) {
      if (!shown(table)) continue;
      const heads = Array.from(table.querySelectorAll('thead th')).filter(shown) as HTMLElement[];
      for (const th of heads) {
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const m of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set(
              Array.from(range.getClientRects())
                .filter((r) => r.width > 0)
                .map((r) => Math.round(r.top)),
            );
            if (lines.size > 1) faults.push(`${where}: the header "${th.innerText.trim()}" breaks inside "${m[0]}"`);
          }
        }
      }
      const pinned = heads.filter((th) => th.classList.contains('ant-table-cell-fix-right'));
      if (pinned.length) {
        const edge = pinned[0]!.getBoundingClientRect();
        if (edge.right > window.innerWidth + 1 || edge.left < 0)
          faults.push(`${where}: the action column "${pinned[0]!.innerText.trim()}" is outside the viewport`);
      }
      for (const scroller of Array.from(table.querySelectorAll('.ant-table-content, .ant-table-body'))) {
        if (!shown(scroller)) continue;
        scroller.scrollLeft = scroller.scrollWidth;
      }
      if (pinned.length) {
        const wall = pinned[0]!.getBoundingClientRect().left;
        for (const th of heads) {
          if (th.classList.contains('ant-table-cell-fix-right') || th.classList.contains('ant-table-cell-fix-left'))
            continue;
          if (th.getBoundingClientRect().right > wall + 1)
            faults.push(`${where}: the column "${th.innerText.trim()}" stays under the action column`);
        }
      }
      for (const badge of Array.from(table.querySelectorAll('tbody .ant-badge-status'))) {
        const dot = badge.querySelector('.ant-badge-status-dot')?.getBoundingClientRect();
        const text = badge.querySelector('.ant-badge-status-text')?.getBoundingClientRect();
        if (dot && text && text.top >= dot.bottom)
          faults.push(`${where}: a status dot wraps above "${(badge as HTMLElement).innerText}"`);
      }
      // every action column is pinned: the last column titled like one and not pinned is a fault
      const actionTitles = ['Operation', '操作'];
      const action = heads.find((th) => actionTitles.includes(th.innerText.trim()));
      if (action && !action.classList.contains('ant-table-cell-fix-right'))
        faults.push(`${where}: the action column is not pinned`);
    }
    return faults;
  }, where);
}

async function sweep(username: string, password: string, lang: 'en_US' | 'zh_CN'): Promise<string[]> {
  const page = await herald.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  const requests = trackRequests(page);
  await page.goto(`/login?lang=${lang}`);
  await signIn(page, username, password);
  await sidebarEntries(page);
  const links = await page
    .locator('[data-testid="side-menu"] a[data-testid^="menu-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('href')!));
  expect(links.length).toBeGreaterThan(8);
  const faults: string[] = [];
  let tables = 0;
  for (const href of links) {
    await openAndSettle(page, href, requests);
    faults.push(...(await tableFaults(page, `${lang} ${href}`)));
    tables += await page.locator('.ant-table-wrapper:visible').count();
    // the page's own tabs (not the opened-pages bar): each tab's tables too
    const inner = page.locator('.ant-tabs:not([data-testid="opened-tabs"]) .ant-tabs-tab:visible');
    const count = await inner.count();
    for (let i = 1; i < count; i++) {
      await inner.nth(i).click();
      await requests.settled();
      await poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
      faults.push(...(await tableFaults(page, `${lang} ${href} tab ${i + 1}`)));
      tables += await page.locator('.ant-table-wrapper:visible').count();
    }
  }
  expect(tables, 'tables looked at').toBeGreaterThan(8);
  await page.close();
  return faults;
}

test('every list of the operator fits 1440 px in both languages', { timeout: 300_000 }, async () => {
  const faults = [...(await sweep('admin', OP_PASSWORD, 'en_US')), ...(await sweep('admin', OP_PASSWORD, 'zh_CN'))];
  expect(faults).toEqual([]);
});

test('every list of an account fits 1440 px in both languages', { timeout: 300_000 }, async () => {
  const faults = [
    ...(await sweep(OWNER.username, OWNER.password, 'en_US')),
    ...(await sweep(OWNER.username, OWNER.password, 'zh_CN')),
  ];
  expect(faults).toEqual([]);
});
