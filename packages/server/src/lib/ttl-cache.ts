/**
 * A small time-bounded cache for rows read on every request or message that change rarely (API
 * keys, templates, transaction broadcast settings, devices by S/N): a change is seen within
 * `ttlMs`. A load under way is shared, so callers that asked in turn get their answers in turn.
 */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { at: number; value: Promise<V> }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: K, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.map.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (this.map.size >= this.max) this.map.clear();
    const value = load();
    this.map.set(key, { at: now, value });
    // a failed load is not remembered (unless a newer load took its place meanwhile)
    value.catch(() => {
      if (this.map.get(key)?.value === value) this.map.delete(key);
    });
    return value;
  }

  delete(key: K): void {
    this.map.delete(key);
  }
}
