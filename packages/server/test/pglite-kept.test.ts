import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { adminClient, startEmbeddedServer } from './harness';
import { keptCounts, keptEmbedded } from './pglite-kept';
import { temporarySnapshot } from './pglite-snapshot';
import { activeUser } from './people';

/**
 * The PGlite pass keeps each worker's embedded databases open between test files and puts them
 * back as the snapshot left them (pglite-kept.ts). A test that found another's rows, sequences,
 * session or schema would pass or fail by the order of the files: these check that a database put
 * back cannot be told from one opened anew. (Always PGlite: npm test runs it in the PGlite pass
 * only; run with TEST_DATABASE_URL, it writes a snapshot of its own.)
 */
describe('embedded databases kept between test files', () => {
  let snapshot: string;
  let own: Awaited<ReturnType<typeof temporarySnapshot>> | undefined;
  beforeAll(async () => {
    snapshot = inject('pgliteSnapshot');
    if (!snapshot) {
      own = await temporarySnapshot('herald-kept-');
      snapshot = own.file;
    }
  });
  afterAll(() => own?.remove());

  const open = () => openDatabase({ embedded: keptEmbedded(snapshot) });

  it('puts a used database back with the rows, sequences and session of a new one', async () => {
    const fresh = await openDatabase({ pgliteSnapshot: snapshot });
    const expected = await stateOf(fresh);
    await fresh.close();

    // a server's worth of writes (sign-ins, a password change, a role, a user activated from a mail),
    // then what a test could leave in the session
    const server = await startEmbeddedServer(snapshot);
    try {
      const admin = await adminClient(server);
      await activeUser(server, admin, ['herald.op.account', 'herald.op.account.query']);
      await server.deps.db.execute(sql`listen kept_test_channel`);
      await server.deps.db.execute(sql`select pg_advisory_lock(4242)`);
      await server.deps.db.execute(sql`prepare kept_test_statement as select 1`);
      await server.deps.db.execute(sql`select lo_create(0)`);
      await server.deps.db.execute(sql`set role pg_read_all_data`);
      await server.deps.db.execute(sql`set search_path to pg_catalog`);
    } finally {
      await server.close();
    }

    const reusedBefore = keptCounts.reused;
    const again = await open();
    try {
      expect(keptCounts.reused).toBe(reusedBefore + 1);
      expect(await stateOf(again)).toEqual(expected);
    } finally {
      await again.close();
    }
  });

  it('closes for good a database whose schema a test changed, and the next one has no trace of it', async () => {
    const changed = await open();
    await changed.db.execute(sql`create table kept_test_extra (id int)`);
    const closedBefore = keptCounts.closed;
    await changed.close();
    expect(keptCounts.closed).toBe(closedBefore + 1);

    const next = await open();
    try {
      const { rows } = await next.db.execute(sql`select to_regclass('kept_test_extra') as t`);
      expect(rows).toEqual([{ t: null }]);
    } finally {
      await next.close();
    }
  });

  it('closes for good a database whose foreign keys a test turned off', async () => {
    const changed = await open();
    await changed.db.execute(sql`alter table users disable trigger all`);
    const closedBefore = keptCounts.closed;
    await changed.close();
    expect(keptCounts.closed).toBe(closedBefore + 1);
  });
});

/** Each table's rows (as one digest), each sequence's position, and the session's state. */
async function stateOf(database: Database): Promise<Record<string, unknown>> {
  const { db } = database;
  const state: Record<string, unknown> = {};
  const { rows: tables } = await db.execute<{ rel: string }>(sql`
    select c.oid::regclass::text as rel from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'drizzle') order by 1`);
  for (const { rel } of tables) {
    const { rows } = await db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from ${rel} t`,
      ),
    );
    state[rel] = rows[0];
  }
  const { rows: seqs } = await db.execute<{ rel: string }>(sql`
    select c.oid::regclass::text as rel from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname in ('public', 'drizzle') order by 1`);
  for (const { rel } of seqs) {
    state[`sequence ${rel}`] = (await db.execute(sql.raw(`select last_value, is_called from ${rel}`))).rows[0];
  }
  const session = await db.execute(sql`
    select current_setting('search_path') as search_path,
           (select count(*)::int from pg_listening_channels()) as listening,
           (select count(*)::int from pg_locks where locktype = 'advisory') as advisory_locks,
           current_user as user,
           (select count(*)::int from pg_prepared_statements where from_sql) as prepared_in_sql,
           (select count(*)::int from pg_largeobject_metadata) as large_objects`);
  state.session = session.rows[0];
  expect(Object.keys(state).length).toBeGreaterThan(60);
  return state;
}
