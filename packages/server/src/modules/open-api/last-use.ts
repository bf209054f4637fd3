import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/deps';
import { touchKeys } from './repo';

/**
 * A key's "last used", kept cheaply: admission is hot (thousands of calls a second), so a call
 * never writes. Each server notes a key at most once a minute, and writes the keys it noted
 * within a second in one statement, off the call's path (a lost write only leaves the time a
 * minute older). The statement itself skips a row written within the minute by another server.
 */
export const LAST_USE_EVERY_MS = 60_000;
const FLUSH_MS = 1_000;

export type KeyUses = { noted: Map<number, number>; pending: Set<number>; timer?: NodeJS.Timeout };
/** The keys this server noted (a field of Deps, built in build-deps.ts). */
export const newKeyUses = (): KeyUses => ({ noted: new Map(), pending: new Set() });

export function noteKeyUse(deps: Deps, keyId: number, log: FastifyBaseLogger, now = Date.now()): void {
  const s = deps.keyUses;
  const last = s.noted.get(keyId);
  if (last !== undefined && now - last < LAST_USE_EVERY_MS) return;
  if (s.noted.size >= 100_000) s.noted.clear();
  s.noted.set(keyId, now);
  s.pending.add(keyId);
  if (s.timer) return;
  const state = s;
  state.timer = setTimeout(() => {
    state.timer = undefined;
    const ids = [...state.pending];
    state.pending.clear();
    touchKeys(deps.db, ids, LAST_USE_EVERY_MS).catch((err: unknown) => log.warn({ err }, 'key last use not written'));
  }, FLUSH_MS);
  state.timer.unref();
}
