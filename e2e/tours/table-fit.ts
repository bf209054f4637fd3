import type { Page } from 'playwright-core';

/**
 * The fit check of a list at 1440×900: no column header breaks inside a word, the action column is
 * inside the viewport, no column slides under the pinned action column once the table is scrolled
 * to its end, and a status dot stays on its text's line.
 */

/** What is wrong with the tables shown now (an empty list when nothing is). */
export function tableFaults(page: Page, where: string): Promise<string[]> {
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
