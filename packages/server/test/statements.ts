import { poolOf, type Db } from '../src/db/client';

type Rows = { rows?: unknown[] };
export type Measured = { params: number; read: number; statements: number; texts: string[]; unnamed: string[] };
/**
 * What `run` sends the database and reads back, statement by statement (on any of the pool's
 * connections): the largest parameter count and the largest answer (its rows as JSON, in
 * characters), the statements' texts (their start), and those sent unnamed (parsed and planned
 * anew on every run). The server's background workers share the pool and may land a statement of
 * their own in the window: a test counts or lists statements by what they touch (`about`).
 */
export async function measureStatements(db: Db, run: () => Promise<unknown>): Promise<Measured> {
  type Pooled = { _clients: object[]; Client: { prototype: { query: (...args: unknown[]) => unknown } } };
  const pool = poolOf(db)! as unknown as Pooled;
  const proto = pool.Client.prototype;
  const query = proto.query;
  const seen: Measured = { params: 0, read: 0, statements: 0, texts: [], unnamed: [] };
  const answered = (res: unknown) => {
    seen.read = Math.max(seen.read, JSON.stringify((res as Rows | undefined)?.rows ?? []).length);
  };
  proto.query = function (this: object, ...args: unknown[]) {
    if (!pool._clients.includes(this)) return query.apply(this, args);
    const q = args[0] as { values?: unknown[]; name?: string; text?: string } | string;
    const values = typeof q === 'object' && q?.values ? q.values : Array.isArray(args[1]) ? args[1] : [];
    seen.params = Math.max(seen.params, values.length);
    seen.statements++;
    const text = (typeof q === 'string' ? q : (q.text ?? '')).trim().slice(0, 120);
    seen.texts.push(text);
    if (typeof q === 'string' || !q.name) seen.unnamed.push(text);
    // the pool passes a callback; drizzle's transactions await the promise
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, res: unknown) => {
        if (!err) answered(res);
        return (callback as (e: unknown, r: unknown) => unknown)(err, res);
      };
      return query.apply(this, args);
    }
    const out = query.apply(this, args);
    if (out instanceof Promise) void out.then(answered, () => {});
    return out;
  };
  try {
    await run();
  } finally {
    proto.query = query;
  }
  return seen;
}

/** The statements of `texts` (or `unnamed`) that touch `table` (its name in the text). */
export const about = (texts: string[], table: string) => texts.filter((t) => t.includes(table));
