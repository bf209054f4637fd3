import type { Invalidation, Topic } from './invalidation';

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
    /** false: keep nothing for now, every get loads (the invalidation bus is not listening) */
    private readonly keeping: () => boolean = () => true,
  ) {}

  get(key: K, load: () => Promise<V>, now = Date.now()): Promise<V> {
    if (!this.keeping()) return load();
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

  clear(): void {
    this.map.clear();
  }
}

/**
 * A TtlCache whose entries other servers can drop (lib/invalidation.ts): `keyOf` turns the
 * topic's key into the cache's key (undefined: drop everything); nothing is kept while the bus
 * cannot listen.
 */
export function invalidatedCache<K, V>(
  bus: Invalidation,
  ttlMs: number,
  topics: Partial<Record<Topic, ((key: string) => K | undefined) | 'all'>>,
  max?: number,
): TtlCache<K, V> {
  const cache = new TtlCache<K, V>(ttlMs, max, () => bus.live);
  for (const [topic, keyOf] of Object.entries(topics)) {
    bus.subscribe(
      topic as Topic,
      (key) => {
        const k = keyOf === 'all' ? undefined : keyOf!(key);
        if (k === undefined) cache.clear();
        else cache.delete(k);
      },
      () => cache.clear(),
    );
  }
  return cache;
}
