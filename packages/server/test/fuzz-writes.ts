import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * What the fuzzer's requests wrote, row by row: a row trigger on every table of the server's
 * database appends the table, the kind of write and (the start of) the row to `fuzz.writes`, in
 * the writer's own transaction, with the time of the write. A rolled-back write leaves nothing; a
 * committed part of a refused request stays. The fuzzer sends one request at a time and drains the
 * log every few dozen requests, giving each write to the request that was running at its time.
 *
 * Why not a checksum of every table (md5 over each table's rows) before and after a batch: on the
 * embedded database one such snapshot of the ~60 tables took 40 ms on this machine even while they
 * were nearly empty, so it could afford a snapshot per batch only, and then one accepted write in
 * a batch hid every refused request of it. The write log costs a trigger per written row and one
 * statement per batch, and names the request, the table and the row.
 *
 * Only the test's database is instrumented (a schema of its own, created after the migrations).
 */

/**
 * Tables a refused request writes by design, or that no request writes; they get no trigger.
 * Rows and columns that do so within other tables are in ALLOWED_ON_REFUSAL.
 */
export const NOT_WATCHED: Record<string, string> = {
  shared_limits: 'fixed-window counters (attempt and rate limits): every counted attempt writes, refused or not',
  api_requests:
    'the general request record of every open-API call that names an app key, refused ones included (what it is for); written after the answer, in batches',
  api_nonces:
    "a signed open-API call's nonce is remembered before its body is looked at (replay protection), refused calls included",
  job_stats:
    'written only by the job-count flush, every 5 s from counts kept in memory (dashboard/job-counts.ts), never by a request',
  device_job_stats: 'the same flush, per device',
};

/** Columns whose change alone is no write the fuzzer counts (the rest of the row still is). */
export const IGNORED_COLUMNS: Record<string, string[]> = {
  // a wrong password (sign-in, or a password check of a signed-in user) counts towards the
  // lock-out: a refusal that writes by design (auth/service.ts countWrongPassword)
  users: ['failed_logins', 'locked', 'updated_at'],
};

/** One written row: its table, INSERT/UPDATE/DELETE/TRUNCATE, the row (its start) and when (ms since the epoch). */
export type Write = { table: string; op: string; row: string; at: number };

/** Writes a refused request may leave, each with its reason (the rest fail the run). */
export const ALLOWED_ON_REFUSAL: { why: string; allows: (w: Write) => boolean }[] = [
  {
    why: 'the wrong password that locks a user out is logged (auth/service.ts countWrongPassword)',
    allows: (w) =>
      w.table === 'oper_logs' && w.op === 'INSERT' && w.row.includes('"description_key": "log.auth.locked"'),
  },
  {
    why: 'an attempt refused by a sign-in, password, token, activation or QR-password limit is logged (lib/failure-limits.ts)',
    allows: (w) =>
      w.table === 'oper_logs' &&
      w.op === 'INSERT' &&
      /"description_key": "log\.(auth\.(signIn|password|token|activation)|device\.qrPassword)Limited"/.test(w.row),
  },
];

export async function watchWrites(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`
    create schema if not exists fuzz;
    create table if not exists fuzz.writes (
      id bigserial primary key, tbl text not null, op text not null, rec text, at timestamptz not null default clock_timestamp()
    );
    create or replace function fuzz.log_write() returns trigger language plpgsql as $$
    declare
      ignored text[] := string_to_array(tg_argv[0], ',');
      o jsonb;
      n jsonb;
    begin
      if tg_op = 'TRUNCATE' then
        insert into fuzz.writes (tbl, op) values (tg_table_name, tg_op);
        return null;
      end if;
      if tg_op = 'UPDATE' then
        o := to_jsonb(old) - ignored;
        n := to_jsonb(new) - ignored;
        if o = n then return null; end if;
      end if;
      -- the row whole (up to 8,000 characters): the allowances read keys that jsonb orders after
      -- long ones (a 64-character username once pushed description_key past a 400-character cut)
      insert into fuzz.writes (tbl, op, rec)
        values (tg_table_name, tg_op, left((case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end)::text, 8000));
      return null;
    end $$;
  `),
  );
  const { rows } = await db.execute<{ t: string }>(sql`
    select table_name as t from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`);
  const statements = rows
    .map((r) => r.t)
    .filter((t) => !(t in NOT_WATCHED))
    .flatMap((t) => {
      const arg = (IGNORED_COLUMNS[t] ?? []).join(',');
      return [
        `create trigger fuzz_rows after insert or update or delete on "${t}" for each row execute function fuzz.log_write('${arg}')`,
        `create trigger fuzz_truncate after truncate on "${t}" for each statement execute function fuzz.log_write('')`,
      ];
    });
  await db.execute(sql.raw(statements.join(';\n')));
}

/** The writes committed since the last drain (and forgets them). */
export async function drainWrites(db: Db): Promise<Write[]> {
  const { rows } = await db.execute<{ tbl: string; op: string; rec: string | null; at: number }>(
    sql`delete from fuzz.writes returning tbl, op, rec, extract(epoch from at) * 1000 as at`,
  );
  return rows.map((r) => ({ table: r.tbl, op: r.op, row: r.rec ?? '', at: Number(r.at) }));
}

/** The writes that no entry of ALLOWED_ON_REFUSAL explains. */
export const unexplained = (writes: Write[]): Write[] =>
  writes.filter((w) => !ALLOWED_ON_REFUSAL.some((a) => a.allows(w)));
