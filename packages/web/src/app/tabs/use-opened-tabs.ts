import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '@herald/contract';
import { PAGE_ROUTES, findRoute } from '../route-table';

export type OpenedTab = {
  key: string;
  url: string;
  titleKey?: string;
  parentTitleKey?: string;
  fixed: boolean;
  noCache: boolean;
};

const NO_TAB = new Set(['redirect', 'login', 'activation', '401', '404', 'upPassword']);

const FIXED_TABS: OpenedTab[] = PAGE_ROUTES.filter((r) => r.fixed).map((r) => ({
  key: r.path,
  url: r.path,
  titleKey: r.titleKey,
  fixed: true,
  noCache: Boolean(r.noCache),
}));

/**
 * Opened pages (spec section 2): unique paths, titled by the route (or 'no-name'), fixed pages
 * survive close-others / close-all, pages are cached unless flagged no-cache.
 */
export function useOpenedTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<OpenedTab[]>(FIXED_TABS);
  const [generations, setGenerations] = useState<Record<string, number>>({});

  const key = location.pathname;
  const url = location.pathname + location.search;
  // add (or update) the tab when the location changes; closing tabs never re-adds the page being left
  const [seenUrl, setSeenUrl] = useState<string | null>(null);
  if (seenUrl !== url) {
    setSeenUrl(url);
    const route = findRoute(key);
    const existing = tabs.find((t) => t.key === key);
    if (route && !NO_TAB.has(route.name) && (!existing || existing.url !== url)) {
      setTabs(
        existing
          ? tabs.map((t) => (t.key === key ? { ...t, url } : t))
          : [
              ...tabs,
              {
                key,
                url,
                titleKey: route.titleKey,
                parentTitleKey: route.parentTitleKey,
                fixed: Boolean(route.fixed),
                noCache: Boolean(route.noCache),
              },
            ],
      );
    }
  }

  const goAfterClosing = useCallback(
    (remaining: OpenedTab[]) => {
      if (!remaining.some((t) => t.key === key)) navigate(remaining[remaining.length - 1]?.url ?? HOME_PATH);
    },
    [key, navigate],
  );

  const close = useCallback(
    (target: string) => {
      const remaining = tabs.filter((t) => t.key !== target || t.fixed);
      setTabs(remaining);
      goAfterClosing(remaining);
    },
    [tabs, goAfterClosing],
  );

  const closeOthers = useCallback(
    (target: string) => {
      const remaining = tabs.filter((t) => t.fixed || t.key === target);
      setTabs(remaining);
      if (target !== key) navigate(remaining.find((t) => t.key === target)?.url ?? HOME_PATH);
    },
    [tabs, key, navigate],
  );

  const closeAll = useCallback(() => {
    const remaining = tabs.filter((t) => t.fixed);
    setTabs(remaining);
    goAfterClosing(remaining);
  }, [tabs, goAfterClosing]);

  /** Reload a page: its cached copy is dropped and mounted afresh. */
  const refresh = useCallback((target: string) => {
    setGenerations((g) => ({ ...g, [target]: (g[target] ?? 0) + 1 }));
  }, []);

  return { tabs, activeKey: key, generations, close, closeOthers, closeAll, refresh };
}
