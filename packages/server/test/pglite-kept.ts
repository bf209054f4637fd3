import pg from 'pg';
import { openEmbeddedThread, type EmbeddedThread } from '../src/db/embedded-thread';
import type { PgliteThread } from '../src/db/pglite-stream';

/**
 * Embedded databases kept open between the test files of a worker (the files share its modules:
 * vitest.config.ts, `isolate: false`). Opening PGlite from the migrated snapshot cost ~1.3-1.7 s of
 * CPU, ~110 times per pass; putting a closed server's database back as the snapshot left it costs
 * a few tens of milliseconds. A database comes back only when nothing but its rows changed:
 * a test that added a table, a trigger, a function or a schema (the fuzzer's write log, a failing
 * trigger) leaves a different catalogue, and that database is closed for good.
 *
 * What "as the snapshot left it" means: every table's rows (the seeded admin, roles, menus, the
 * migrator's journal) copied aside when the database is first opened (schema `herald_test_seed`,
 * outside `public`), every sequence's position, and a fresh session (LISTEN, advisory locks,
 * settings, temporary tables; see FRESH_SESSION).
 */

const SEED = 'herald_test_seed';
/** idle databases a worker keeps at most (a test with a peer or a restart holds one at a time) */
const KEEP = 2;

/** settings: what the session had set when it opened (PGlite's search_path among them), set again when put back */
type Kept = {
  snapshot: string;
  thread: PgliteThread;
  catalogue: string;
  settings: { names: string[]; values: string[] };
};
const idle: Kept[] = [];

/** how many databases this worker took again, and closed for good (pglite-kept.test.ts reads them) */
export const keptCounts = { reused: 0, closed: 0 };

/** An embedded database on the snapshot's state: one put back by an earlier test, or a new one. */
export async function keptEmbedded(snapshot: string): Promise<EmbeddedThread> {
  const at = idle.findLastIndex((k) => k.snapshot === snapshot);
  const reused = at >= 0 ? idle.splice(at, 1)[0] : undefined;
  if (reused) keptCounts.reused++;
  const kept = reused ?? (await opened(snapshot));
  let given = false;
  return {
    thread: {
      stream: kept.thread.stream,
      close: async () => {
        if (given) return;
        given = true;
        await putBack(kept);
      },
    },
    unlock: () => {},
  };
}

async function opened(snapshot: string): Promise<Kept> {
  const { thread } = await openEmbeddedThread(undefined, snapshot);
  try {
    return await onSession(thread, async (c) => {
      const { rows } = await c.query<{ name: string; setting: string }>(
        `select name, setting from pg_settings where source = 'session'`,
      );
      await c.query(SET_ASIDE);
      const settings = { names: rows.map((r) => r.name), values: rows.map((r) => r.setting) };
      return { snapshot, thread, catalogue: await catalogueOf(c), settings };
    });
  } catch (err) {
    await thread.close();
    throw err;
  }
}

async function putBack(kept: Kept): Promise<void> {
  let reusable = idle.length < KEEP;
  if (reusable) {
    reusable = await onSession(kept.thread, async (c) => {
      await c.query(FRESH_SESSION);
      await c.query('select set_config(n, v, false) from unnest($1::text[], $2::text[]) as s(n, v)', [
        kept.settings.names,
        kept.settings.values,
      ]);
      // (read with the session's own search_path: names print relative to it)
      if ((await catalogueOf(c)) !== kept.catalogue) return false;
      await c.query(RESTORE);
      return true;
    }).catch(() => false);
  }
  if (reusable) idle.push(kept);
  else {
    keptCounts.closed++;
    await kept.thread.close();
  }
}

async function onSession<T>(thread: PgliteThread, use: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ user: 'postgres', password: 'embedded', database: 'template1', stream: thread.stream });
  await c.connect();
  try {
    return await use(c);
  } finally {
    await c.end();
  }
}

/** Everything a test could add or take away in the catalogue, as one digest. */
async function catalogueOf(c: pg.Client): Promise<string> {
  const { rows } = await c.query<{ digest: string }>(`
    with ns as (
      select oid, nspname from pg_namespace
       where nspname not in ('pg_catalog', 'information_schema', '${SEED}')
         and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%')
    select md5(string_agg(x, '|' order by x)) as digest from (
      select 'ns ' || nspname as x from ns
      union all select format('rel %s.%s %s', ns.nspname, c.relname, c.relkind)
        from pg_class c join ns on ns.oid = c.relnamespace
      union all select format('col %s %s %s %s %s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
                              a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
        from pg_attribute a join pg_class c on c.oid = a.attrelid join ns on ns.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where a.attnum > 0 and not a.attisdropped
      union all select format('con %s %s', conrelid::regclass, pg_get_constraintdef(k.oid))
        from pg_constraint k join ns on ns.oid = k.connamespace
      -- internal ones too: 'disable trigger all' turns the foreign keys' checks off
      union all select format('trg %s %s %s', tgrelid::regclass, tgname, tgenabled) from pg_trigger
      union all select format('idx %s', pg_get_indexdef(i.indexrelid))
        from pg_index i join pg_class c on c.oid = i.indexrelid join ns on ns.oid = c.relnamespace
      union all select format('fn %s %s', p.oid::regprocedure, md5(p.prosrc)) from pg_proc p join ns on ns.oid = p.pronamespace
      union all select format('rls %s %s %s', c.oid::regclass, c.relrowsecurity, c.reloptions)
        from pg_class c join ns on ns.oid = c.relnamespace
      union all select 'role ' || rolname from pg_roles
    ) s`);
  return rows[0]!.digest;
}

/** The user schemas' tables, for the statements below. */
const TABLES = `
  select c.oid::regclass as rel from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', '${SEED}')
     and n.nspname not like 'pg\\_%'`;

/**
 * A fresh session, as `discard all` would leave it but for the statements the servers prepared
 * over the protocol: the thread answers a Parse of a statement it already prepared itself
 * (pglite-worker.mjs), so those stay, and the next server's (the same names, the same texts) use them.
 */
const FRESH_SESSION = `
  set session authorization default; close all; unlisten *; select pg_advisory_unlock_all();
  discard temp; discard sequences; reset all;
  do $$
  declare
    r record;
  begin
    -- statements a test prepared in SQL (PREPARE), which the thread does not answer for
    for r in select name from pg_prepared_statements where from_sql loop
      execute format('deallocate %I', r.name);
    end loop;
  end $$`;

/** Run once on a new database: the tables that have rows and every sequence's position copied aside. */
const SET_ASIDE = `
  create schema ${SEED};
  create table ${SEED}.tables (rel regclass primary key, copy text not null);
  create table ${SEED}.sequences (rel regclass primary key, value bigint not null, called boolean not null);
  do $$
  declare
    r record;
    has boolean;
    v bigint;
    called boolean;
  begin
    for r in ${TABLES} loop
      execute format('select exists (select from %s)', r.rel) into has;
      continue when not has;
      execute format('create table ${SEED}.%I as table %s', 'copy_' || r.rel::oid, r.rel);
      insert into ${SEED}.tables values (r.rel, format('${SEED}.%I', 'copy_' || r.rel::oid));
    end loop;
    for r in select c.oid::regclass as rel from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.relkind = 'S' and n.nspname <> '${SEED}' loop
      execute format('select last_value, is_called from %s', r.rel) into v, called;
      insert into ${SEED}.sequences values (r.rel, v, called);
    end loop;
  end $$`;

/**
 * Run when a database is put back (after FRESH_SESSION and the session's settings again): the tables that have
 * rows emptied, the copies put back (foreign keys not checked meanwhile: the rows were consistent
 * when copied), every sequence where it was.
 */
const RESTORE = `
  do $$
  declare
    r record;
    filled text[] := '{}';
    has boolean;
  begin
    for r in ${TABLES} loop
      execute format('select exists (select from %s)', r.rel) into has;
      if has then filled := filled || r.rel::text; end if;
    end loop;
    if cardinality(filled) > 0 then
      execute 'truncate ' || array_to_string(filled, ', ') || ' cascade';
    end if;
    perform set_config('session_replication_role', 'replica', true);
    for r in select * from ${SEED}.tables loop
      execute format('insert into %s select * from %s', r.rel, r.copy);
    end loop;
    perform set_config('session_replication_role', 'origin', true);
    perform lo_unlink(oid) from pg_largeobject_metadata;
    perform setval(s.rel, s.value, s.called) from ${SEED}.sequences s;
  end $$`;
