import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { checkpointIfDue, walState } from '../src/housekeeping/checkpoint';

/**
 * The embedded database has no checkpointer (PGlite runs PostgreSQL without background
 * processes, and ignores the data directory's max_wal_size): without the server's own
 * checkpoints its write-ahead log grows for as long as the server runs. Always PGlite, with a
 * data directory, as `npm start` runs it: the log's files are counted on disk.
 */
describe('embedded database checkpoints', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-wal-'));
    database = await openDatabase({ pgliteDir: dir });
    await database.db.execute(sql`create table t_wal (id serial primary key, pad text not null)`);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** the log's segment files (24 hex digits each) */
  const segments = () => fs.readdirSync(path.join(dir, 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f)).length;
  /** ~2 MB of log: rows of random text */
  const write = () =>
    database.db.execute(
      sql`insert into t_wal (pad) select string_agg(md5(random()::text || g::text || x::text), '')
            from generate_series(1, 1500) g, generate_series(1, 40) x group by g`,
    );

  it('without checkpoints the log keeps every byte written', async () => {
    const before = await walState(database.db);
    const files = segments();
    for (let i = 0; i < 4; i++) await write();
    const after = await walState(database.db);
    expect(after.bytesSinceCheckpoint - before.bytesSinceCheckpoint).toBeGreaterThan(6 * 1024 * 1024);
    expect(segments()).toBeGreaterThan(files + 4);
  });

  it('checkpoints when the log passes its limit, and the log then stays that size however much is written', async () => {
    const maxBytes = 4 * 1024 * 1024;
    const first = await checkpointIfDue(database.db, { maxBytes });
    expect(first.checkpointed).toBe(true);
    expect((await walState(database.db)).bytesSinceCheckpoint).toBeLessThan(64 * 1024);
    // a check with little written does nothing
    expect((await checkpointIfDue(database.db, { maxBytes })).checkpointed).toBe(false);

    let ran = 0;
    const counts: number[] = [];
    for (let round = 0; round < 10; round++) {
      await write();
      if ((await checkpointIfDue(database.db, { maxBytes })).checkpointed) ran++;
      counts.push(segments());
    }
    // ~20 MB written: several checkpoints, and the files behind them were recycled, not kept
    expect(ran).toBeGreaterThanOrEqual(3);
    const settled = counts.slice(5);
    expect(Math.max(...settled)).toBeLessThanOrEqual(Math.max(...counts.slice(0, 5)) + 2);
  });

  it('checkpoints an old checkpoint once something has been written', async () => {
    await checkpointIfDue(database.db, { maxBytes: 0 });
    const later = Date.now() + 10 * 60_000;
    expect((await checkpointIfDue(database.db, { now: later })).checkpointed).toBe(false); // nothing written
    await write();
    expect((await checkpointIfDue(database.db, { now: later })).checkpointed).toBe(true);
  });
});
