import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { vacuumRound } from '../src/housekeeping/vacuum';

/**
 * The embedded database has no autovacuum (PGlite runs PostgreSQL without background
 * processes): the server's own rounds must give the space of old row versions back and keep the
 * planner's statistics. Always on PGlite: on PostgreSQL the server leaves this to PostgreSQL.
 */
describe('embedded database housekeeping', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.db.execute(sql`create table t_churn (id int primary key, state int not null, pad text not null)`);
    await database.db.execute(sql`create index t_churn_open on t_churn (id) where state < 3`);
    await database.db.execute(sql`insert into t_churn select g, 0, repeat('x', 400) from generate_series(1, 5000) g`);
  });
  afterAll(async () => await database.close());

  const size = async () =>
    Number((await database.db.execute<{ n: string }>(sql`select pg_relation_size('t_churn')::text as n`)).rows[0]!.n);
  const updateAll = (state: number) => database.db.execute(sql`update t_churn set state = ${state}`);

  it('gives the space of old row versions back: the table stops growing with every update', async () => {
    // without a vacuum, every update of every row adds a whole new table's worth of versions
    const start = await size();
    await updateAll(1);
    const grown = await size();
    expect(grown).toBeGreaterThan(start * 1.5);

    await vacuumRound(database.db, new Map());
    await updateAll(2);
    await vacuumRound(database.db, new Map());
    await updateAll(3);
    // the new versions went into the space the vacuums freed
    expect(await size()).toBe(grown);
  });

  it('vacuums every table and analyses one per round, the one analysed longest ago', async () => {
    const analysedAt = new Map<string, number>();
    const now = Date.now();
    const first = await vacuumRound(database.db, analysedAt, now);
    expect(first.vacuumed).toBeGreaterThan(30); // the whole schema, the test's table included
    expect(first.analysed).not.toBeNull();
    const second = await vacuumRound(database.db, analysedAt, now);
    expect(second.analysed).not.toBe(first.analysed);
    // within the hour nothing is analysed twice
    const names = new Set([first.analysed, second.analysed]);
    for (let i = 0; i < first.vacuumed; i++) {
      const r = await vacuumRound(database.db, analysedAt, now);
      if (r.analysed === null) break;
      expect(names.has(r.analysed)).toBe(false);
      names.add(r.analysed);
    }
    expect(names.has('t_churn')).toBe(true);
    expect((await vacuumRound(database.db, analysedAt, now)).analysed).toBeNull();
    const [stats] = (
      await database.db.execute<{ vacuumed: boolean; analysed: boolean }>(
        sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analysed
              from pg_stat_user_tables where relname = 't_churn'`,
      )
    ).rows;
    expect(stats).toEqual({ vacuumed: true, analysed: true });
  });

  it('freezes the system catalogs before their transaction ids grow old', async () => {
    // a catalog's age is the transactions since its oldest unfrozen row; only the schema's own tables were ever vacuumed
    const catalogAge = async () =>
      Number(
        (
          await database.db.execute<{ age: string }>(
            sql`select max(age(relfrozenxid))::text as age from pg_class c join pg_namespace n on n.oid = c.relnamespace
                 where c.relkind = 'r' and n.nspname <> 'public'`,
          )
        ).rows[0]!.age,
      );
    for (let i = 0; i < 40; i++) await updateAll(10 + i); // 40 transactions
    const before = await catalogAge();
    expect(before).toBeGreaterThan(40);
    // the real threshold (100 million) is out of a test's reach; the rule is the same at 20
    const round = await vacuumRound(database.db, new Map(), Date.now(), 20);
    expect(round.frozen).toBeGreaterThan(0);
    expect(await catalogAge()).toBeLessThan(20);
    // and nothing is frozen again while the catalogs are young
    expect((await vacuumRound(database.db, new Map(), Date.now(), 1_000)).frozen).toBe(0);
  });
});
