import { poolOf } from '../src/db/client';
import type { startServer } from './harness';

/**
 * Watch the named statements (db/named.ts) a server's pool runs: the returned array receives
 * each one's name as it is sent. For tests that count round trips.
 */
export function watchNamedStatements(server: Awaited<ReturnType<typeof startServer>>): string[] {
  const names: string[] = [];
  const pool = poolOf(server.deps.db)!;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const name = (args[0] as { name?: unknown } | null)?.name;
    if (typeof name === 'string') names.push(name);
    return query(...args);
  }) as typeof pool.query;
  return names;
}

type Pooled = { _clients: object[]; Client: { prototype: { query: (...args: unknown[]) => unknown } } };

/**
 * Watch every statement a server's pool sends, on any of its connections (transactions' too):
 * the returned array receives each one's name, or for an unnamed one the start of its text. For
 * tests that count what a path costs the database. Stop it with the returned `stop`.
 */
export function watchStatements(server: Awaited<ReturnType<typeof startServer>>): {
  sent: string[];
  stop: () => void;
} {
  const sent: string[] = [];
  const pool = poolOf(server.deps.db)! as unknown as Pooled;
  const proto = pool.Client.prototype;
  const query = proto.query;
  proto.query = function (this: object, ...args: unknown[]) {
    if (pool._clients.includes(this)) sent.push(label(args[0]));
    return query.apply(this, args);
  };
  return { sent, stop: () => void (proto.query = query) };
}

/** A statement's name, or for an unnamed one its verb and first table (`update "jobs"`), or its text. */
const label = (q: unknown): string => {
  const c = typeof q === 'string' ? { text: q } : (q as { name?: unknown; text?: unknown } | null);
  if (typeof c?.name === 'string') return c.name;
  const text = String(c?.text ?? '?')
    .replace(/\s+/g, ' ')
    .trim();
  const m = /^(update)\s+("?\w+"?)/i.exec(text) ?? /^(\w+)\b.*?\b(?:from|into|update)\s+("?\w+"?)/i.exec(text);
  return m ? `${m[1]!.toLowerCase()} ${m[2]!.replaceAll('"', '')}` : text.slice(0, 60).toLowerCase();
};
