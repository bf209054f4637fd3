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
