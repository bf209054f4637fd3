import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * What a server's in-process caches are told when something they hold changes, on this server or
 * any other sharing the database (PostgreSQL's LISTEN/NOTIFY on channel `herald_invalidate`).
 *
 * - **account** (key: account id): its status, API key and secret, push addresses or services.
 * - **device** (key: S/N): disabled, deleted, moved, its secret or certificate changed.
 * - **template** (key: `<account id>:<template id>`), **tradeSettings** and **alarmSettings** (key:
 *   account id): rarely changed settings read per job or per push.
 * - **live** (key: a batch of the live console's events, modules/live/feed.ts): not a cache, but it
 *   needs the same reach (every server) and the same warning when notifications may have been missed.
 *
 * A change is published after its transaction commits (a cache dropped before the commit could
 * read the old row again). The publisher's own caches drop it at once; the others when the
 * notification arrives, a few ms later. While a server cannot listen (its connection dropped), it
 * might miss notifications: every cache is cleared when that is noticed and again once it listens
 * again, and `live` is false meanwhile so caches keep nothing (fail safe: they read the database).
 *
 * The embedded database belongs to one process, so there the bus is a local fan-out, shared by
 * every server opened on the same database handle (the tests' two servers).
 */
export type Topic = 'account' | 'device' | 'template' | 'tradeSettings' | 'alarmSettings' | 'live';

export type Invalidation = {
  /**
   * tell every server's caches that `key` of `topic` changed, or each of several keys (call it after
   * the change committed); several keys go out in one statement (an account's thousand devices)
   */
  publish(topic: Topic, key: Key | readonly Key[]): Promise<void>;
  /** `drop(key)` when a key of the topic changes; `dropAll()` when notifications may have been missed */
  subscribe(topic: Topic, drop: (key: string) => void, dropAll: () => void): () => void;
  /** false while this server may miss the others' notifications: caches should keep nothing */
  readonly live: boolean;
  close(): Promise<void>;
};

type Key = string | number;
const keysOf = (key: Key | readonly Key[]): string[] => (Array.isArray(key) ? key.map(String) : [String(key)]);

const CHANNEL = 'herald_invalidate';
const TOPICS: readonly Topic[] = ['account', 'device', 'template', 'tradeSettings', 'alarmSettings', 'live'];
const RECONNECT_MS = [250, 500, 1_000, 2_000, 5_000];

type Subscriber = { topic: Topic; drop: (key: string) => void; dropAll: () => void };

class Fanout {
  readonly subscribers = new Set<Subscriber>();

  deliver(topic: Topic, key: string): void {
    for (const s of this.subscribers) if (s.topic === topic) s.drop(key);
  }

  dropAll(): void {
    for (const s of this.subscribers) s.dropAll();
  }

  subscribe(topic: Topic, drop: (key: string) => void, dropAll: () => void): () => void {
    const s = { topic, drop, dropAll };
    this.subscribers.add(s);
    return () => void this.subscribers.delete(s);
  }
}

/** per database handle, as NOTIFY is per database: every server opened on one hears the others */
const embedded = new WeakMap<Database, Fanout>();

/**
 * For the external gateway's device cache (gateway/external.ts): `drop(sn)` when a device changed
 * on any server, `dropAll()` when changes may have been missed. Returns the unsubscribe.
 */
export const onDeviceChanged = (bus: Invalidation, drop: (sn: string) => void, dropAll: () => void) =>
  bus.subscribe('device', drop, dropAll);

/** The bus of one server: on PostgreSQL a listening connection of its own (`databaseUrl`). */
export async function openInvalidation(
  database: Database,
  opts: { databaseUrl?: string; log: FastifyBaseLogger },
): Promise<Invalidation> {
  if (database.kind === 'pglite' || !opts.databaseUrl) {
    let fanout = embedded.get(database);
    if (!fanout) embedded.set(database, (fanout = new Fanout()));
    const local = fanout;
    const mine = new Set<() => void>();
    return {
      publish: async (topic, key) => {
        for (const k of keysOf(key)) local.deliver(topic, k);
      },
      subscribe: (topic, drop, dropAll) => {
        const off = local.subscribe(topic, drop, dropAll);
        mine.add(off);
        return () => (mine.delete(off), off());
      },
      live: true,
      // the fan-out outlives a server closed on its database (a restart in the tests): its caches leave it
      close: async () => {
        for (const off of mine) off();
        mine.clear();
      },
    };
  }
  const bus = new ListeningBus(database, opts.databaseUrl, opts.log.child({ module: 'invalidation' }));
  await bus.connect();
  return bus;
}

class ListeningBus implements Invalidation {
  private readonly fanout = new Fanout();
  private client: pg.Client | undefined;
  private closed = false;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  live = false;

  constructor(
    private readonly database: Database,
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async publish(topic: Topic, key: Key | readonly Key[]): Promise<void> {
    const keys = keysOf(key);
    if (!keys.length) return;
    for (const k of keys) this.fanout.deliver(topic, k);
    const payloads = keys.map((k) => `${topic}\t${k}`);
    try {
      await this.database.db.execute(
        sql`select pg_notify(${CHANNEL}, p) from unnest(${sql.param(payloads)}::text[]) as p`,
      );
    } catch (err) {
      // the change is committed; the other servers' caches keep it at most their TTL
      this.log.warn({ err, topic, key: keys[0], keys: keys.length }, 'invalidation not published');
    }
  }

  subscribe(topic: Topic, drop: (key: string) => void, dropAll: () => void): () => void {
    return this.fanout.subscribe(topic, drop, dropAll);
  }

  /** Listen; on failure, try again later (caches keep nothing meanwhile). */
  async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    client.on('notification', (m) => {
      if (m.channel !== CHANNEL || !m.payload) return;
      const tab = m.payload.indexOf('\t');
      const topic = m.payload.slice(0, tab) as Topic;
      if (tab > 0 && TOPICS.includes(topic)) this.fanout.deliver(topic, m.payload.slice(tab + 1));
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.live = false;
      this.fanout.dropAll();
      if (this.closed) return;
      this.log.warn({ err }, 'invalidation: not listening, caches off until it listens again');
      client.end().catch(() => {});
      this.schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      lost(err as Error);
      return;
    }
    if (this.client !== client) return;
    this.failures = 0;
    // whatever was cached before this connection listened may have missed a notification
    this.fanout.dropAll();
    this.live = true;
  }

  private schedule(): void {
    const wait = RECONNECT_MS[Math.min(this.failures++, RECONNECT_MS.length - 1)]!;
    this.retry = setTimeout(() => void this.connect(), wait);
    this.retry.unref();
  }

  /** For tests: drop the listening connection as a network failure would. */
  async dropConnection(): Promise<void> {
    const c = this.client;
    if (c) (c as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const c = this.client;
    this.client = undefined;
    this.live = false;
    await c?.end().catch(() => {});
  }
}
