import { randomBytes } from 'node:crypto';
import { LIVE_COALESCE_MS, type LiveEventType } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import type { Invalidation } from '../../lib/invalidation';

/**
 * One live event as it travels between servers: its kind, its data (what the stream sends) and,
 * for `unread`, the one user it is for. Scoping by account and permission happens per stream
 * (scope.ts), on the receiving server.
 */
export type LiveEvent = { type: LiveEventType; data: Record<string, unknown>; userId?: number };
/** An event as a stream sees it: with this server's id for it (Last-Event-ID). */
export type Numbered = LiveEvent & { id: string };

/**
 * A NOTIFY payload must stay under 8000 bytes; a batch larger than this goes as several.
 * The events are ASCII (ids, S/Ns, field names), so characters count as bytes.
 */
const NOTIFY_BYTES = 7_000;
/** Events kept for a reconnect's Last-Event-ID; a client further behind is told to resync. */
const REPLAY_EVENTS = 2_000;

type Listener = { deliver: (e: Numbered) => void; resync: (reason: string) => void };

/**
 * Events raised on this server wait LIVE_COALESCE_MS in a map keyed by what they are about (a
 * device's presence, a device's jobs of one kind, a task): a burst of changes to one key leaves
 * one event, the last state with the changes merged. `raise` is a map write, so hot paths (the
 * job pipeline) call it without waiting on anything. Each window goes to the other servers as
 * a few NOTIFYs (lib/invalidation.ts, topic `live`), tagged with this server's origin so its own
 * echo is ignored; the events are delivered here directly.
 */
export class Feed {
  /** who raised a batch, so a server ignores the echo of its own NOTIFY */
  readonly origin = randomBytes(6).toString('hex');
  private pending = new Map<string, LiveEvent>();
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly replay: Numbered[] = [];
  private seq = 0;
  private unsubscribe: (() => void) | undefined;
  /** batches published (one NOTIFY each on PostgreSQL): what coalescing saves is measured by it */
  published = 0;

  constructor(private readonly bus: Invalidation) {}

  raise(key: string, event: LiveEvent, merge?: (before: LiveEvent, now: LiveEvent) => LiveEvent): void {
    const before = this.pending.get(key);
    this.pending.set(key, before && merge ? merge(before, event) : event);
    this.timer ??= setTimeout(() => this.flush(), LIVE_COALESCE_MS).unref();
  }

  /** Send what waits now (the timer's work; tests and close call it too). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const events = [...this.pending.values()];
    this.pending = new Map();
    for (const e of events) this.deliver(e);
    for (const batch of batches(events)) {
      this.published++;
      void this.bus.publish('live', `${this.origin}\n${batch}`);
    }
  }

  /** Listen for every server's events (the first stream of this server starts listening to the others). */
  listen(l: Listener): () => void {
    this.unsubscribe ??= this.bus.subscribe(
      'live',
      (payload) => this.received(payload),
      () => {
        for (const x of this.listeners) x.resync('listenerLost');
      },
    );
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  }

  /**
   * The events after `lastId`, if this server still holds all of them (undefined: it does not:
   * the id is another server's, another run's, or too old).
   */
  since(lastId: string): Numbered[] | undefined {
    const [origin, n] = lastId.split('.');
    const seq = Number(n);
    if (origin !== this.origin || !Number.isSafeInteger(seq) || seq > this.seq) return undefined;
    const first = this.replay[0];
    if (seq === this.seq) return [];
    if (!first || Number(first.id.split('.')[1]) > seq + 1) return undefined;
    return this.replay.filter((e) => Number(e.id.split('.')[1]) > seq);
  }

  /** The id a stream opened now would have seen last. */
  get lastId(): string {
    return `${this.origin}.${this.seq}`;
  }

  get streams(): number {
    return this.listeners.size;
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private received(payload: string): void {
    const nl = payload.indexOf('\n');
    if (nl < 0 || payload.slice(0, nl) === this.origin) return;
    let events: unknown;
    try {
      events = JSON.parse(payload.slice(nl + 1));
    } catch {
      return;
    }
    if (!Array.isArray(events)) return;
    for (const e of events as LiveEvent[]) if (e && typeof e.type === 'string' && e.data) this.deliver(e);
  }

  private deliver(e: LiveEvent): void {
    // no stream here: nothing to number or keep (the replay starts with the first stream)
    if (this.listeners.size === 0 && !this.unsubscribe) return;
    const numbered = { ...e, id: `${this.origin}.${++this.seq}` };
    this.replay.push(numbered);
    if (this.replay.length > REPLAY_EVENTS) this.replay.splice(0, this.replay.length - REPLAY_EVENTS);
    for (const l of this.listeners) l.deliver(numbered);
  }
}

/** The events as JSON arrays of at most NOTIFY_BYTES each. */
export function batches(events: LiveEvent[]): string[] {
  const out: string[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const e of events) {
    const json = JSON.stringify(e);
    if (parts.length > 0 && size + json.length + 1 > NOTIFY_BYTES) {
      out.push(`[${parts.join(',')}]`);
      parts = [];
      size = 2;
    }
    parts.push(json);
    size += json.length + 1;
  }
  if (parts.length > 0) out.push(`[${parts.join(',')}]`);
  return out;
}

/** This server's feed (the field, for the tests that take it by function). */
export const feed = (deps: Pick<Deps, 'feed'>): Feed => deps.feed;
