import type { Params } from '../../../lib/http';

/** The list's filters the markers share (the list alone filters on "located" and sorts and pages). */
const SHARED = ['accountId', 'keyword', 'online', 'modelId', 'groupId'] as const;

/** The markers' query from the list's: the shared filters that are set. */
export function markerFiltersOf(listQuery: Params): Params {
  const out: Params = {};
  for (const k of SHARED) {
    const v = listQuery[k];
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  return out;
}

/** Whether two filter sets ask the same (so a list reload with the same filters does not refetch the markers). */
export const sameFilters = (a: Params, b: Params) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => String(a[k] ?? '') === String(b[k] ?? ''));
};
