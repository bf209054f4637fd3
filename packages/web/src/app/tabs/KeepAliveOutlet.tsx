import { useContext, useState, type ReactElement } from 'react';
import { UNSAFE_LocationContext, useOutlet } from 'react-router';
import { PageActiveContext } from '../../lib/page-active';

type LocationCtx = React.ContextType<typeof UNSAFE_LocationContext>;
type Entry = { element: ReactElement | null; ctx: LocationCtx };

/**
 * Keeps the rendered pages of open, cacheable tabs mounted (hidden) so their state survives tab
 * switches. A hidden page keeps seeing the location it was opened with.
 *
 * A hidden page is told so (PageActiveContext): the live events it follows wait until it shows
 * again and it does not poll, so twenty open tabs do not keep twenty pages refetching and
 * rendering at once. (Not React's `<Activity>`, which cleans up a hidden page's effects: the pro
 * tables' search forms came back without their fields.)
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
            <div key={`${key}#${generations[key] ?? 0}`} style={{ display: active ? 'block' : 'none' }}>
              <PageActiveContext.Provider value={active}>
                <UNSAFE_LocationContext.Provider value={active ? ctx : entry.ctx}>
                  {active ? outlet : entry.element}
                </UNSAFE_LocationContext.Provider>
              </PageActiveContext.Provider>
            </div>
          );
        })}
      {!cacheable && <div key={`${activeKey}#${generations[activeKey] ?? 0}`}>{outlet}</div>}
    </>
  );
}
