import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LIVE_FALLBACK_POLL_MS, LIVE_PATH, type LiveEventData, type LiveEventType } from '@herald/contract';
import { authHeaders, buildUrl } from './http';
import { usePageActive } from './page-active';

/**
 * The console's one live connection (GET /v1/live, Server-Sent Events), shared by every page.
 * Read with fetch(), not EventSource: the token goes in the Authorization header, never in the
 * URL. A dropped stream reconnects with Last-Event-ID (the server replays or says `resync`);
 * while it is down, pages fall back to a slow poll (useFallbackPoll).
 */

export type LiveState = 'connecting' | 'live' | 'reconnecting';
type Handler = (type: LiveEventType, data: Record<string, unknown>) => void;

class LiveConnection {
  state: LiveState = 'connecting';
  private readonly handlers = new Set<Handler>();
  private readonly watchers = new Set<(s: LiveState) => void>();
  private lastId: string | undefined;
  private abort: AbortController | undefined;
  private stopped = false;
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.abort?.abort();
  }

  on(h: Handler): () => void {
    this.handlers.add(h);
    return () => void this.handlers.delete(h);
  }

  watch(w: (s: LiveState) => void): () => void {
    this.watchers.add(w);
    return () => void this.watchers.delete(w);
  }

  private set(state: LiveState): void {
    if (this.state === state) return;
    this.state = state;
    for (const w of this.watchers) w(state);
  }

  private async connect(): Promise<void> {
    const abort = (this.abort = new AbortController());
    try {
      const res = await fetch(buildUrl(LIVE_PATH), {
        headers: {
          ...authHeaders(),
          Accept: 'text/event-stream',
          ...(this.lastId ? { 'Last-Event-ID': this.lastId } : {}),
        },
        credentials: 'include',
        signal: abort.signal,
      });
      if (!res.ok || !res.body) throw new Error(`live: ${res.status}`);
      await this.read(res.body);
    } catch {
      // the stream failed or ended: reconnect below
    }
    if (this.stopped) return;
    this.set('reconnecting');
    const wait = Math.min(1_000 * 2 ** this.failures++, 15_000);
    this.retry = setTimeout(() => void this.connect(), wait);
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.dispatch(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  }

  private dispatch(block: string): void {
    let type = '';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) this.lastId = line.slice(4);
      else if (line.startsWith('event: ')) type = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (!type) return;
    if (type === 'ready') {
      this.failures = 0;
      this.set('live');
    }
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(data || '{}') as Record<string, unknown>;
    } catch {
      return;
    }
    for (const h of this.handlers) h(type as LiveEventType, parsed);
  }
}

const LiveContext = createContext<LiveConnection | null>(null);

/** Opens the live connection for the signed-in shell; closed on sign-out (unmount). */
export function LiveProvider({ children }: { children: ReactNode }) {
  const [connection] = useState(() => new LiveConnection());
  useEffect(() => {
    connection.start();
    return () => connection.stop();
  }, [connection]);
  return <LiveContext.Provider value={connection}>{children}</LiveContext.Provider>;
}

/** The connection's state (for the indicator); outside the signed-in shell, never 'live'. */
export function useLiveState(): LiveState {
  const c = useContext(LiveContext);
  return useSyncExternalStore(
    (changed) => (c ? c.watch(changed) : () => {}),
    () => c?.state ?? 'reconnecting',
  );
}

/** A query's refetchInterval: a slow poll only while the live stream is down, and never on a background tab. */
export function useFallbackPoll(): number | false {
  const active = usePageActive();
  return useLiveState() === 'live' || !active ? false : LIVE_FALLBACK_POLL_MS;
}

/** How often at most a page acts on a burst of events. */
const THROTTLE_MS = 1_000;

/**
 * Calls `act` when an event of `types` arrives that `match` accepts (and on `resync`), at most
 * once a second: a busy fleet's events cost a page one refetch a second, not one per event. On a
 * background tab (usePageActive) the events are only noted, and `act` runs once when it shows.
 */
export function useLiveEvents<T extends LiveEventType>(
  types: readonly T[],
  act: () => void,
  match: (type: T, data: LiveEventData<T>) => boolean = () => true,
): void {
  const c = useContext(LiveContext);
  const active = usePageActive();
  const latest = useRef({ act, match, active });
  // an event that came while the page was hidden, to act on when it shows
  const missed = useRef(false);
  useEffect(() => {
    latest.current = { act, match, active };
  });
  useEffect(() => {
    if (!active || !missed.current) return;
    missed.current = false;
    latest.current.act();
  }, [active]);
  const key = types.join(',');
  useEffect(() => {
    if (!c) return;
    const wanted = new Set<string>(key.split(','));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const fire = () => {
      timer = undefined;
      last = Date.now();
      if (latest.current.active) latest.current.act();
      else missed.current = true;
    };
    const off = c.on((type, data) => {
      const hit = type === 'resync' || (wanted.has(type) && latest.current.match(type as T, data as LiveEventData<T>));
      if (!hit) return;
      if (!latest.current.active) {
        missed.current = true;
        return;
      }
      if (timer) return;
      timer = setTimeout(fire, Math.max(0, last + THROTTLE_MS - Date.now()));
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [c, key]);
}
