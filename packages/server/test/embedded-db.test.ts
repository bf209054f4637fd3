import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { openEmbeddedThread, sharedBuffersOf } from '../src/db/embedded-thread';

/**
 * The embedded database runs PGlite on a worker thread behind the `pg` driver (pglite-stream.ts,
 * pglite-worker.mjs): several pool connections share its one session. These are the promises
 * that sharing has to keep. (Always PGlite, whatever TEST_DATABASE_URL says.)
 */
describe('embedded database on its own thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ pgliteSnapshot: inject('pgliteSnapshot') });
    await database.db.execute(sql`create table t_embedded (a int not null, b text)`);
  });
  afterAll(async () => await database.close());

  const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
    (await database.db.execute<T>(q)).rows;

  it('answers many concurrent queries, each with its own result', async () => {
    const got = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        rows<{ x: number; y: string }>(sql`select ${i}::int as x, ${`v${i}`} as y`),
      ),
    );
    got.forEach((r, i) => expect(r).toEqual([{ x: i, y: `v${i}` }]));
  });

  it('runs a transaction alone: others wait for its end, and its rollback leaves their writes', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    const tx = database.db
      .transaction(async (t) => {
        await t.execute(sql`insert into t_embedded (a) values (1)`);
        order.push('tx wrote');
        // another connection's write sent now must not land inside this transaction
        outside = database.db.execute(sql`insert into t_embedded (a) values (2)`).then(() => order.push('outside'));
        await new Promise((r) => setTimeout(r, 100));
        const [seen] = (await t.execute<{ n: number }>(sql`select count(*)::int as n from t_embedded`)).rows;
        order.push(`tx saw ${seen!.n}`);
        throw new Error('roll back');
      })
      .catch((e: Error) => order.push(e.message));
    await tx;
    await outside;
    // the outside write waited: the transaction saw only its own row
    expect(order.slice(0, 2)).toEqual(['tx wrote', 'tx saw 1']);
    expect(order.slice(2).sort()).toEqual(['outside', 'roll back']);
    expect(await rows(sql`select a from t_embedded order by a`)).toEqual([{ a: 2 }]);
  });

  it('keeps a failing statement to its own connection', async () => {
    const results = await Promise.allSettled([
      rows(sql`select 1 / 0 as x`),
      rows(sql`select 1 as x`),
      rows(sql`insert into t_embedded (a) values (null)`),
      rows(sql`select 2 as x`),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    const cause = (r: PromiseSettledResult<unknown>) =>
      ((r as PromiseRejectedResult).reason as { cause?: { code?: string } }).cause?.code;
    expect(cause(results[0]!)).toBe('22012');
    expect(cause(results[2]!)).toBe('23502');
    expect(await rows(sql`select 3 as x`)).toEqual([{ x: 3 }]);
  });

  it('rolls back what a connection that goes away left open, and serves the others on', async () => {
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const client = await pool.connect();
    await client.query('begin');
    await client.query('insert into t_embedded (a) values (99)');
    // the connection is dropped in the middle of its transaction
    client.release(true);
    const [r] = await rows<{ n: number }>(sql`select count(*)::int as n from t_embedded where a = 99`);
    expect(r!.n).toBe(0);
    // and the session is not left inside a transaction: this commits on its own
    await database.db.execute(sql`insert into t_embedded (a) values (100)`);
    await database.db.transaction(async (t) => {
      await t.execute(sql`insert into t_embedded (a) values (101)`);
    });
    expect(await rows(sql`select a from t_embedded where a >= 100 order by a`)).toEqual([{ a: 100 }, { a: 101 }]);
  });

  it('answers a query whose Parse message is exactly 16,384 bytes (PGlite once read no further)', async () => {
    // Parse = type byte + length + unnamed statement + text + NUL + no parameter types: 9 bytes + text
    const head = 'select $1::text as x /*';
    const text = head + ' '.repeat(16_384 - 9 - head.length - 2) + '*/';
    expect(Buffer.byteLength(text) + 9).toBe(16_384);
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const { rows: got } = await pool.query(text, ['answered']);
    expect(got).toEqual([{ x: 'answered' }]);
  });

  it('lets every connection use a named prepared statement, and refuses another text under its name', async () => {
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
    try {
      // each connection prepares it (as far as it knows) on its first use; the one session already has it
      for (const [i, c] of clients.entries()) {
        for (const n of [1, 2]) {
          const { rows: got } = await c.query({
            name: 'embedded.twice',
            text: 'select $1::int * 2 as x',
            values: [i + n],
          });
          expect(got).toEqual([{ x: (i + n) * 2 }]);
        }
      }
      // pg checks only its own connection's statements; the session still refuses a different text
      await expect(clients[0]!.query({ name: 'embedded.other', text: 'select 1 as x' })).resolves.toBeTruthy();
      await expect(clients[1]!.query({ name: 'embedded.other', text: 'select 2 as x' })).rejects.toMatchObject({
        code: '42P05',
      });
      // and after that refusal the connection goes on working
      expect((await clients[1]!.query('select 3 as x')).rows).toEqual([{ x: 3 }]);
    } finally {
      for (const c of clients) c.release();
    }
  });

  it('plans a named statement once, and leaves the others to PostgreSQL', async () => {
    const pool = (database.db as unknown as { $client: import('pg').Pool }).$client;
    // a one-element array: PostgreSQL's own choice would plan this anew on every run
    const text = 'select count(*)::int as n from unnest($1::int[]) x where x > 0';
    for (let i = 1; i <= 8; i++) {
      expect((await pool.query({ name: 'embedded.once', text, values: [[i]] })).rows).toEqual([{ n: 1 }]);
    }
    const [named] = await rows<{ generic: number; custom: number }>(
      sql`select generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where name = 'embedded.once'`,
    );
    expect(named).toEqual({ generic: 8, custom: 0 });
    // an unnamed statement in between still gets PostgreSQL's choice (custom plans for these values)
    const [mode] = await rows<{ m: string }>(sql`select current_setting('plan_cache_mode') as m`);
    expect(mode!.m).toBe('auto');
    // and a transaction in progress is left alone: its statements run as it set them up
    await database.db.transaction(async (t) => {
      await t.execute(sql`set local plan_cache_mode = force_custom_plan`);
      const [m] = (await t.execute<{ m: string }>(sql`select current_setting('plan_cache_mode') as m`)).rows;
      expect(m!.m).toBe('force_custom_plan');
    });
  });

  it("keeps no copy of the replies it passes on (PGlite's own reader kept every one)", async () => {
    const { quiet } = await import('../src/db/pglite-quiet.mjs');
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite();
    await db.waitReady;
    const q = Buffer.from("select repeat('x', 100) as x from generate_series(1, 2000)\0");
    const msg = Buffer.alloc(5 + q.length);
    msg[0] = 0x51;
    msg.writeInt32BE(4 + q.length, 1);
    q.copy(msg, 5);
    const heapAfter = (n: number) => {
      for (let i = 0; i < n; i++) db.execProtocolRawSync(new Uint8Array(msg));
      return process.memoryUsage().heapUsed;
    };
    try {
      heapAfter(20);
      const before = process.memoryUsage().heapUsed;
      quiet(true);
      // 300 answers of 2,000 rows: PGlite's reader kept ~100 MB of them; passed on quietly, nothing stays
      const quietGrowth = heapAfter(300) - before;
      quiet(false);
      const loudGrowth = heapAfter(300) - before - quietGrowth;
      expect(loudGrowth).toBeGreaterThan(50_000_000);
      expect(quietGrowth).toBeLessThan(20_000_000);
    } finally {
      quiet(false);
      await db.close();
    }
  });

  it('carries answers and parameters larger than one message', async () => {
    const big = 'x'.repeat(3_000_000);
    await database.db.execute(sql`insert into t_embedded (a, b) values (7, ${big})`);
    const [r] = await rows<{ b: string }>(sql`select b from t_embedded where a = 7`);
    expect(r!.b.length).toBe(big.length);
    const many = await rows<{ g: number }>(sql`select g from generate_series(1, 50000) g`);
    expect(many).toHaveLength(50000);
    expect(many[49999]).toEqual({ g: 50000 });
  });

  it('keeps what was written in its data directory across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-embedded-'));
    try {
      const first = await openDatabase({ pgliteDir: dir });
      await first.db.execute(sql`insert into settings (key, value) values ('embedded-test', 'kept')`);
      await first.close();
      const second = await openDatabase({ pgliteDir: dir });
      const { rows: got } = await second.db.execute(sql`select value from settings where key = 'embedded-test'`);
      await second.close();
      expect(got).toEqual([{ value: 'kept' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets one server at a time open its data directory, and takes over the lock of one that died', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'herald-embedded-')), 'pgdata');
    const lock = `${dir}.lock`;
    try {
      const first = await openDatabase({ pgliteDir: dir });
      // a second opening while the first is open: refused, with who holds it, before PGlite touches it
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(`in use by process ${process.pid}`);
      await first.close();
      expect(fs.existsSync(lock)).toBe(false);

      // another live process holds it (this test's parent stands in for another server)
      fs.writeFileSync(lock, `${process.ppid}\n`);
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(`in use by process ${process.ppid}`);
      expect(fs.readFileSync(lock, 'utf8').trim()).toBe(String(process.ppid));

      // the holder was killed: its lock is stale, and the next server opens the database, data intact
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
      fs.writeFileSync(lock, `${gone}\n`);
      const second = await openDatabase({ pgliteDir: dir });
      expect(fs.readFileSync(lock, 'utf8').trim()).toBe(String(process.pid));
      const { rows: got } = await second.db.execute(sql`select 1 as x`);
      expect(got).toEqual([{ x: 1 }]);
      await second.close();
      expect(fs.existsSync(lock)).toBe(false);
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it("runs PostgreSQL with the buffer pool asked for (EMBEDDED_DB_SHARED_BUFFERS), not PGlite's 128MB", async () => {
    const shown = async (d: Database) =>
      (await d.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`)).rows[0]!.shared_buffers;
    // the default (32MB) unless this environment sets it
    expect(await shown(database)).toBe(sharedBuffersOf(process.env));
    // each from the run's migrated snapshot: three migrations from nothing took this test past its
    // 30 s on a loaded machine
    const snapshot = inject('pgliteSnapshot');
    const small = await openDatabase({ embedded: openEmbeddedThread(undefined, snapshot, '16MB') });
    try {
      expect(await shown(small)).toBe('16MB');
    } finally {
      await small.close();
    }
    // PGlite's own size needs no rewritten WASM
    const own = await openDatabase({ embedded: openEmbeddedThread(undefined, snapshot, '128MB') });
    try {
      expect(await shown(own)).toBe('128MB');
    } finally {
      await own.close();
    }
    // a size in kB (the pool counted in 8kB blocks)
    const kb = await openDatabase({ embedded: openEmbeddedThread(undefined, snapshot, '512kB') });
    try {
      expect(await shown(kb)).toBe('512kB');
    } finally {
      await kb.close();
    }
    // a value PostgreSQL would not read, below its minimum, or longer than the compiled-in text: the opening
    // stops with the reason
    for (const bad of ['16', '16 MB', '64kB', '100000MB', '-1MB'])
      await expect(openEmbeddedThread(undefined, undefined, bad)).rejects.toThrow(
        `embedded database: shared_buffers ${bad} is not a size such as 16MB`,
      );
  });
});
