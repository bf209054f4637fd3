import { Activity, useContext, useState, type ReactElement } from 'react';
import { UNSAFE_LocationContext, useOutlet } from 'react-router';

type LocationCtx = React.ContextType<typeof UNSAFE_LocationContext>;
type Entry = { element: ReactElement | null; ctx: LocationCtx };

/**
 * Keeps the rendered pages of open, cacheable tabs mounted (hidden) so their state survives tab
 * switches. A hidden page keeps seeing the location it was opened with.
 *
 * Hidden pages sit in a hidden `<Activity>`: their state and DOM are kept, but their effects are
 * cleaned up until they show again, so a page in the background does not poll, follow the live
 * stream or re-render on every update (with `display: none` alone, twenty open tabs kept twenty
 * pages refetching and rendering at once). Shown again, a page's queries refetch what went stale.
 */
export function KeepAliveOutlet({
  cacheKeys,
  activeKey,
  generations,
}: {
  cacheKeys: string[];
  activeKey: string;
  generations: Record<string, number>;
}) {
  const outlet = useOutlet();
  const ctx = useContext(UNSAFE_LocationContext);
  const [cache, setCache] = useState<Record<string, Entry>>({});

  const cacheable = cacheKeys.includes(activeKey);
  if (cacheable && cache[activeKey]?.ctx.location.key !== ctx.location.key) {
    setCache({ ...cache, [activeKey]: { element: outlet, ctx } });
  }

  return (
    <>
      {Object.entries(cache)
        .filter(([key]) => cacheKeys.includes(key))
        .map(([key, entry]) => {
          const active = key === activeKey;
          return (
            <Activity key={`${key}#${generations[key] ?? 0}`} mode={active ? 'visible' : 'hidden'}>
              <div>
                <UNSAFE_LocationContext.Provider value={active ? ctx : entry.ctx}>
                  {active ? outlet : entry.element}
                </UNSAFE_LocationContext.Provider>
              </div>
            </Activity>
          );
        })}
      {!cacheable && <div key={`${activeKey}#${generations[activeKey] ?? 0}`}>{outlet}</div>}
    </>
  );
}
