import type { AuthContext } from '../../lib/context';
import { mustOwn } from '../../lib/data-scope';
import { notFound } from '../../lib/errors';
import { ownAccount } from '../../lib/scope';

/**
 * What upgrade and push tasks keep alike about their tasks: who may see one, and how their
 * executions (results) are counted by state. Each keeps its own engine, states and wording.
 */

/** A task the caller may see; another account's task, or another user's for an "own data only" user, is "not found". */
export function visibleTask<V extends { task: { accountId: number; createdBy: number | null } }>(
  auth: AuthContext,
  v: V | undefined,
): V {
  const own = ownAccount(auth);
  if (!v || (own !== undefined && v.task.accountId !== own)) throw notFound();
  mustOwn(auth, v.task.createdBy);
  return v;
}

/** Rows counted per group (a task, a phase) and state, as `{ state: n }` by group. */
export function countsByState<K>(rows: { key: K; state: string; n: number }[]): Map<K, Record<string, number>> {
  const out = new Map<K, Record<string, number>>();
  for (const r of rows) {
    const m = out.get(r.key) ?? {};
    m[r.state] = r.n;
    out.set(r.key, m);
  }
  return out;
}
