/** Optional fields left empty are sent as absent, not as empty strings. */
export function cleanValues<T extends Record<string, unknown>>(v: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) {
    if (val === '' || val === null || val === undefined) continue;
    out[k] = val;
  }
  return out as T;
}
