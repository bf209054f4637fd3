import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '@herald/contract';
import { PermissionContext } from '../../lib/can';
import type { CloseTabState } from '../../lib/save-and-leave';
import { useSession } from '../../lib/session-context';
import { PAGE_ROUTES, findRoute, pathAllowed } from '../../lib/route-table';

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

/** A tab for a page of the route table, titled by its route; none for pages that get no tab. */
function tabFor(key: string, url: string): OpenedTab | undefined {
  const route = findRoute(key);
  if (!route || NO_TAB.has(route.name)) return undefined;
  return {
    key,
    url,
    titleKey: route.titleKey,
    parentTitleKey: route.parentTitleKey,
    fixed: Boolean(route.fixed),
    noCache: Boolean(route.noCache),
  };
}

/** The tabs a user left open (this browser, this user and side): restored after a reload. */
function restored(storageKey: string): OpenedTab[] {
  let kept: { key: string; url: string }[] = [];
  try {
    kept = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as typeof kept;
  } catch {
    // a damaged entry is forgotten, not fatal
  }
  const tabs = [...FIXED_TABS];
  for (const k of Array.isArray(kept) ? kept : []) {
    if (typeof k?.key !== 'string' || typeof k.url !== 'string' || tabs.some((t) => t.key === k.key)) continue;
    const tab = tabFor(k.key, k.url);
    if (tab) tabs.push(tab);
  }
  return tabs;
}

/**
 * Opened pages (spec section 2): unique paths, titled by the route (or 'no-name'), fixed pages
 * survive close-others / close-all, pages are cached unless flagged no-cache.
 */
export function useOpenedTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, side } = useSession();
  const held = useContext(PermissionContext);
  const storageKey = `herald.tabs.${user.id}.${side}`;
  const [all, setTabs] = useState<OpenedTab[]>(() => restored(storageKey));
  // a page the user may no longer open (a role changed) loses its tab
  const tabs = useMemo(() => all.filter((t) => t.fixed || pathAllowed(t.key, held, side)), [all, held, side]);
  useEffect(() => {
    localStorage.setItem(storageKey, JSON.stringify(tabs.map(({ key, url }) => ({ key, url }))));
  }, [storageKey, tabs]);
  const [generations, setGenerations] = useState<Record<string, number>>({});

  const key = location.pathname;
  const url = location.pathname + location.search;
  // add (or update) the tab when the location changes; closing tabs never re-adds the page being left
  const [seenUrl, setSeenUrl] = useState<string | null>(null);
  if (seenUrl !== url) {
    setSeenUrl(url);
    // a saved "Add" form asked for its tab to close as it left
    const closing = (location.state as CloseTabState | null)?.closeTab;
    const kept = closing && closing !== key ? tabs.filter((t) => t.key !== closing || t.fixed) : tabs;
    const tab = tabFor(key, url);
    const existing = kept.find((t) => t.key === key);
    if (tab && (!existing || existing.url !== url)) {
      setTabs(existing ? kept.map((t) => (t.key === key ? { ...t, url } : t)) : [...kept, tab]);
    } else if (kept !== tabs) {
      setTabs(kept);
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
