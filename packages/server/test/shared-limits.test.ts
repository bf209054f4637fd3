import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hit, peek, reset } from '../src/lib/shared-limits';
import { purgeExpiredRecords } from '../src/housekeeping/purge';
import type { Server } from '../src/app';
import { startPeer, startServer, type TestServer } from './harness';
import { uniq } from './people';

let a: TestServer;
let b: Server;
beforeAll(async () => {
  a = await startServer();
  b = await startPeer(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('shared limits (one window per key, shared by every server)', () => {
  it('allows exactly `max` hits of a window, however they are spread over servers arriving together', async () => {
    const key = `test:${uniq()}`;
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => hit((i % 2 ? a : b).deps.db, key, 60_000, 5)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(5);
    expect(hits.map((h) => h.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const last = hits.find((h) => h.hits === 20)!;
    expect(last).toMatchObject({ allowed: false, remaining: 0 });
    expect(last.retryAfterMs).toBeGreaterThan(50_000);
    expect(last.retryAfterMs).toBeLessThanOrEqual(60_000);
    const seen = await peek(b.deps.db, [key, 'test:unused'], 5);
    expect(seen.get(key)).toMatchObject({ hits: 20, remaining: 0 });
    expect(seen.get('test:unused')).toMatchObject({ hits: 0, remaining: 5, retryAfterMs: 0 });
  });

  it('starts a new window once the last one ended, and forgets a key that is reset', async () => {
    const key = `test:${uniq()}`;
    expect(await hit(a.deps.db, key, 300, 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await hit(b.deps.db, key, 300, 1)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect((await peek(a.deps.db, [key], 1)).get(key)!.hits).toBe(0);
    expect(await hit(b.deps.db, key, 300, 1)).toMatchObject({ allowed: true, hits: 1 });
    await reset(a.deps.db, key);
    expect((await hit(a.deps.db, key, 60_000, 1)).allowed).toBe(true);
  });

  it('the housekeeping round removes ended windows only', async () => {
    const ended = `test:${uniq()}`;
    const live = `test:${uniq()}`;
    await hit(a.deps.db, ended, 1, 1);
    await hit(a.deps.db, live, 60_000, 1);
    await new Promise((r) => setTimeout(r, 20));
    await purgeExpiredRecords(a.deps.db);
    const { rows } = await a.deps.db.execute<{ key: string }>(
      sql`select key from shared_limits where key in (${ended}, ${live})`,
    );
    expect(rows.map((r) => r.key)).toEqual([live]);
  });
});
