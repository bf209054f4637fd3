import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * What a PostgreSQL cluster on this machine costs while a bench runs (bench/push.ts
 * --pg-temp / --database-url): its CPU, read from /proc for the postmaster and every process
 * under it, and (with pg_stat_statements) which statements took its time.
 */

/** A throwaway cluster of scripts/pg-temp.sh, durable (PG_TEMP_DURABLE=1), removed on exit. */
export type PgTemp = { dir: string; url: string };

export function startPgTemp(root: string, opts: string): PgTemp {
  const out = execFileSync('bash', [path.join(root, 'scripts/pg-temp.sh'), 'start'], {
    env: { ...process.env, PG_TEMP_DURABLE: '1', PG_TEMP_OPTS: opts },
    encoding: 'utf8',
  });
  const v = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  const t = { dir: v.PG_TEMP_DIR!, url: v.PG_TEMP_URL! };
  // stopped and removed whatever way the bench ends (processes.ts exits on Ctrl-C too)
  process.on('exit', () => stopPgTemp(root, t));
  return t;
}

let stopped = false;
function stopPgTemp(root: string, t: PgTemp) {
  if (stopped) return;
  stopped = true;
  try {
    execFileSync('bash', [path.join(root, 'scripts/pg-temp.sh'), 'stop', t.dir], { stdio: 'ignore' });
  } catch {
    // best effort on the way out
  }
}

type Stat = { pid: number; ppid: number; self: number; children: number };

/** utime+stime and cutime+cstime (reaped children) of a process, in ms; undefined when gone. */
function statOf(pid: number): Stat | undefined {
  try {
    // fields after the parenthesised command name: state is the 1st, ppid the 2nd, utime..cstime the 12th..15th
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = (i: number) => (Number(f[i]) * 1000) / 100; // USER_HZ is 100 on Linux
    return { pid, ppid: Number(f[1]), self: ticks(11) + ticks(12), children: ticks(13) + ticks(14) };
  } catch {
    return undefined;
  }
}

/**
 * CPU (ms) the cluster has used so far: the postmaster's own, that of every live process under it
 * (backends, checkpointer, WAL writer, autovacuum…), and that of the ones that have exited, which
 * the kernel adds to their parent's cutime/cstime once the postmaster has reaped them. So the
 * difference of two readings counts every process that lived between them, however short-lived.
 * A backend that exits while the tree is read could be counted twice or not at all: the
 * postmaster's reaped total is read before and after, and the reading repeated when it moved.
 */
export function clusterCpuMs(postmaster: number): number {
  for (let attempt = 0; ; attempt++) {
    const before = statOf(postmaster);
    if (!before) return NaN;
    const stats: Stat[] = [];
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const s = statOf(Number(name));
      if (s) stats.push(s);
    }
    const byParent = new Map<number, Stat[]>();
    for (const s of stats) byParent.set(s.ppid, [...(byParent.get(s.ppid) ?? []), s]);
    let total = 0;
    const walk = (pid: number) => {
      for (const c of byParent.get(pid) ?? []) {
        total += c.self + c.children;
        walk(c.pid);
      }
    };
    walk(postmaster);
    const after = statOf(postmaster);
    if (!after) return NaN;
    if (after.children === before.children || attempt >= 5) return total + after.self + after.children;
  }
}

/** The postmaster of the cluster behind `client`'s connection, when it runs on this machine. */
export async function postmasterOf(client: pg.Client): Promise<number | undefined> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const backend = statOf(rows[0]!.pid);
  return backend ? backend.ppid : undefined;
}

/** The database's cumulative counters: sessions opened, commits, rollbacks, blocks written. */
export async function databaseCounters(client: pg.Client) {
  const { rows } = await client.query<{ sessions: string; commits: string; rollbacks: string }>(
    `select sessions, xact_commit as commits, xact_rollback as rollbacks
       from pg_stat_database where datname = current_database()`,
  );
  const r = rows[0]!;
  return { sessions: Number(r.sessions), commits: Number(r.commits), rollbacks: Number(r.rollbacks) };
}

/** Rows written per table (pg_stat_user_tables) and the WAL written (pg_stat_wal), cumulative. */
export type Writes = {
  tables: Map<string, { ins: number; upd: number; hot: number; del: number }>;
  wal: { records: number; fpi: number; bytes: number };
};

export async function writesOf(client: pg.Client): Promise<Writes> {
  const t = await client.query<{ relname: string; ins: string; upd: string; hot: string; del: string }>(
    `select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot, n_tup_del as del
       from pg_stat_user_tables`,
  );
  const w = await client.query<{ records: string; fpi: string; bytes: string }>(
    'select wal_records as records, wal_fpi as fpi, wal_bytes as bytes from pg_stat_wal',
  );
  const tables = new Map(
    t.rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd), hot: Number(r.hot), del: Number(r.del) }]),
  );
  const r = w.rows[0]!;
  return { tables, wal: { records: Number(r.records), fpi: Number(r.fpi), bytes: Number(r.bytes) } };
}

/**
 * What a load wrote per job, as lines: the WAL (records, full-page images, bytes) and each table's
 * rows inserted, updated (how many of them HOT: no index entry written) and deleted, most first.
 * A backend's counters reach the statistics up to 10 s after its transactions (PostgreSQL 15, the
 * idle interval of pgstat_report_stat): read them that long after the load.
 */
export function writesPerJob(before: Writes, after: Writes, jobs: number, limit = 8): string[] {
  const n = Math.max(1, jobs);
  const per = (x: number) => (x / n).toFixed(2);
  const wal = {
    records: after.wal.records - before.wal.records,
    fpi: after.wal.fpi - before.wal.fpi,
    bytes: after.wal.bytes - before.wal.bytes,
  };
  const rows = [...after.tables].map(([name, a]) => {
    const b = before.tables.get(name) ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    return { name, ins: a.ins - b.ins, upd: a.upd - b.upd, hot: a.hot - b.hot, del: a.del - b.del };
  });
  rows.sort((x, y) => y.ins + y.upd + y.del - (x.ins + x.upd + x.del));
  return [
    `WAL per job: ${per(wal.records)} records, ${per(wal.fpi)} full-page images, ${(wal.bytes / n / 1024).toFixed(1)} KiB`,
    '| table | inserted/job | updated/job | of them HOT | deleted/job |',
    '|---|---|---|---|---|',
    ...rows
      .filter((r) => r.ins + r.upd + r.del > 0)
      .slice(0, limit)
      .map(
        (r) =>
          `| ${r.name} | ${per(r.ins)} | ${per(r.upd)} | ${r.upd ? `${Math.round((100 * r.hot) / r.upd)} %` : '–'} | ${per(r.del)} |`,
      ),
  ];
}

/** pg_stat_statements can be read (the library preloaded, the extension created here). */
export async function statementsReady(client: pg.Client): Promise<boolean> {
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
    return true;
  } catch {
    return false;
  }
}

/**
 * The statements that took the most time since the last reset, as lines of a table: calls per
 * job, rows per call, total execution + planning time per job (µs), and the start of the text.
 */
export async function topStatements(client: pg.Client, jobs: number, limit = 15): Promise<string[]> {
  const { rows } = await client.query<{
    calls: string;
    rows: string;
    exec: number;
    plan: number;
    plans: string;
    query: string;
  }>(
    `select calls, rows, total_exec_time as exec, total_plan_time as plan, plans, query
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time + total_plan_time desc limit $1`,
    [limit],
  );
  const all = await client.query<{ calls: string; exec: number; plan: number }>(
    `select sum(calls) as calls, sum(total_exec_time) as exec, sum(total_plan_time) as plan
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`,
  );
  const a = all.rows[0]!;
  const perJob = (x: number) => ((x * 1000) / Math.max(1, jobs)).toFixed(1);
  const lines = [
    `all statements: ${(Number(a.calls) / Math.max(1, jobs)).toFixed(2)} calls per job, ` +
      `${perJob(Number(a.exec))} µs executing + ${perJob(Number(a.plan))} µs planning per job`,
    '| calls/job | rows/call | plans | exec µs/job | plan µs/job | statement |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const calls = Number(r.calls);
    const text = r.query.replace(/\s+/g, ' ').slice(0, 110);
    lines.push(
      `| ${(calls / Math.max(1, jobs)).toFixed(3)} | ${(Number(r.rows) / Math.max(1, calls)).toFixed(1)} | ${r.plans} | ` +
        `${perJob(r.exec)} | ${perJob(r.plan)} | ${text} |`,
    );
  }
  return lines;
}
