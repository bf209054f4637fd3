import type { ApiRoute } from '@herald/contract';

/** The route's path with its `:name` segments filled in. */
export function pathOf<D extends ApiRoute>(d: D, params?: object): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return d.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
