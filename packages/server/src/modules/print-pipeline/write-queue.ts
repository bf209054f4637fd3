import { JobStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import * as sql from './batch-repo';
import { Batcher, ItemFailure, runIsolated, type BatcherOptions } from '../../lib/batcher';
import { insertRefusedPublishes, type JobRow, type RefusedPublish, type TargetDevice } from './repo';

/**
 * The pipeline's database work, grouped: each request or device message adds its item and waits
 * for its own row, while one statement per batch does the work (batcher.ts). At 1,000 jobs/s
 * this turns ~6,000 statements/s into a few hundred; on PGlite every statement blocks the event
 * loop, so that is the difference between 40 and several hundred jobs/s.
 *
 * The transitions of jobs (pushed, acked, finished) share one batcher and run in that order
 * within a batch: a device's ack can only follow its job's publish, so the "pushed" update and
 * its publish record are always stored before the ack that answers them looks for them.
 */

export type Transition =
  ({ kind: 'pushed' } & sql.Pushed) | ({ kind: 'ack' } & sql.AckItem) | ({ kind: 'result' } & sql.ResultItem);

export type WriteQueue = {
  devices: Batcher<sql.DeviceQuery, TargetDevice | undefined>;
  jobs: Batcher<sql.JobInsert, sql.StoredJob | null>;
  transitions: Batcher<Transition, JobRow | null | undefined>;
  /** publish records of job messages the gateway did not take (status 0) */
  refusedPublishes: Batcher<RefusedPublish, void>;
  /** waits until nothing is queued or running */
  flush: () => Promise<void>;
  /** items queued on a request's path (device reads, job inserts): the open API sheds load past a limit */
  backlog: () => number;
};

/**
 * A few ms of waiting buys a batch: the API answer and the device's PUBACK wait that long at most.
 * 5 ms rather than 2: at 300 jobs/s it cut the server's CPU per job by ~13 % (bigger batches) and
 * with it the queueing; it adds at most 3 × 5 ms to the path to the device when the server is idle.
 */
const OPTS: BatcherOptions = { maxItems: 200, maxWaitMs: 5 };
const ONE_STATEMENT: BatcherOptions = { ...OPTS, isolate: true };
/** Rows nobody waits for (written after the answer): a longer window, bigger batches. */
const UNAWAITED: BatcherOptions = { maxItems: 500, maxWaitMs: 20, isolate: true };

type Pushed = Extract<Transition, { kind: 'pushed' }>;
type Ack = Extract<Transition, { kind: 'ack' }>;

/** A job as an ack or result names it: its device and message id. */
const deviceMsg = (t: { deviceId: number; msgId: string }) => `${t.deviceId}:${t.msgId}`;
const byJob = (t: Transition) => (t.kind === 'pushed' ? `id:${t.jobId}` : deviceMsg(t));

type Out = JobRow | null | undefined;
type At<T> = { t: T; i: number };

/**
 * Run one kind's items, a statement per round (a job at most once per statement), into `out`.
 * A statement refused for its rows changed nothing, so it is run again in halves (runIsolated):
 * only the items that fail on their own fail, and the batch's other statements still run.
 */
async function step<T extends Transition>(
  xs: At<T>[],
  run: (items: T[]) => Promise<Out[]>,
  out: (Out | ItemFailure)[],
): Promise<void> {
  for (const round of sql.rounds(xs, (x) => byJob(x.t))) {
    const rows = await runIsolated(
      round.map((x) => x.t),
      run,
    );
    round.forEach((x, k) => (out[x.i] = rows[k]));
  }
}

/**
 * Pair each ok ack with its job's publish when both are in this batch (the ack echoes that
 * publish's ts): such pairs are written by one statement (sql.pushedAndAcked). A publish pairs
 * with one ack at most; a job published twice in the batch is left to the ordinary steps.
 */
function pairs(at: At<Transition>[]): { pairs: [At<Pushed>, At<Ack>][]; rest: At<Transition>[] } {
  const pushes = new Map<string, At<Pushed> | null>();
  for (const x of at) {
    if (x.t.kind !== 'pushed') continue;
    const k = deviceMsg(x.t);
    pushes.set(k, pushes.has(k) ? null : (x as At<Pushed>));
  }
  const paired = new Set<At<Transition>>();
  const out: [At<Pushed>, At<Ack>][] = [];
  for (const x of at) {
    if (x.t.kind !== 'ack' || x.t.outcome.status !== JobStatus.PUSH_SUCCEEDED) continue;
    const k = deviceMsg(x.t);
    const p = pushes.get(k);
    if (!p || p.t.publishedAt !== x.t.echoedTs) continue;
    pushes.delete(k);
    paired.add(p).add(x);
    out.push([p, x as At<Ack>]);
  }
  return { pairs: out, rest: at.filter((x) => !paired.has(x)) };
}

type Result = Extract<Transition, { kind: 'result' }>;

/**
 * The results that go with a batch's pairs, in their statement (one round trip and one commit
 * instead of two; at 200 jobs/s on PostgreSQL a batch often holds a pair and another job's
 * result): those of jobs nothing else in this batch names, a job once. The others wait for the
 * ordinary steps, in order after their job's other transitions.
 */
function riding(both: [At<Pushed>, At<Ack>][], rest: At<Transition>[]): At<Result>[] {
  if (both.length === 0) return [];
  const taken = new Set(both.map(([p]) => deviceMsg(p.t)));
  for (const x of rest) if (x.t.kind !== 'result') taken.add(deviceMsg(x.t));
  const out: At<Result>[] = [];
  for (const x of rest) {
    if (x.t.kind !== 'result' || taken.has(deviceMsg(x.t))) continue;
    taken.add(deviceMsg(x.t));
    out.push(x as At<Result>);
  }
  return out;
}

/**
 * One batch of transitions: publishes with their acks (and results of other jobs), then
 * publishes, acks and results, a statement per kind.
 */
async function runTransitions(db: Db, items: Transition[]): Promise<(Out | ItemFailure)[]> {
  const out: (Out | ItemFailure)[] = items.map(() => undefined);
  const { pairs: both, rest: unpaired } = pairs(items.map((t, i) => ({ t, i })));
  const results = riding(both, unpaired);
  const riders = new Set<At<Transition>>(results);
  const rest = unpaired.filter((x) => !riders.has(x));
  if (both.length > 0) {
    const settle: sql.Settle[] = [
      ...both.map(([p, a]) => ({ pair: { pushed: p.t, ack: a.t } })),
      ...results.map((r) => ({ result: r.t })),
    ];
    const rows = await runIsolated(settle, (xs) => sql.pushedAndAcked(db, xs));
    both.forEach(([p, a], k) => {
      const r = rows[k]!;
      // a pair refused as one goes through the ordinary steps: its publish may be stored alone
      if (r instanceof ItemFailure || !('pair' in r)) rest.push(p, a);
      else {
        out[p.i] = r.pair.pushed;
        out[a.i] = r.pair.ack;
      }
    });
    results.forEach((x, k) => {
      const r = rows[both.length + k]!;
      out[x.i] = r instanceof ItemFailure ? r : 'result' in r ? r.result : undefined;
    });
  }
  const of = <K extends Transition['kind']>(kind: K) =>
    rest.filter((x): x is At<Extract<Transition, { kind: K }>> => x.t.kind === kind);
  await step(of('pushed'), (items) => sql.markPushedMany(db, items), out);
  await step(of('ack'), (items) => sql.ackJobs(db, items), out);
  await step(of('result'), (items) => sql.finishJobs(db, items), out);
  return out;
}

/** The queue of this server's pipeline writes (a field of Deps, built in build-deps.ts). */
export function newWriteQueue(deps: Pick<Deps, 'db' | 'config' | 'jobEvents'>): WriteQueue {
  const db = deps.db;
  // one statement each: a failed batch is retried in halves (callers' input is checked before
  // it gets here, plugins/input-guard.ts, but one bad row must never fail another account's call)
  const devices = new Batcher((items: sql.DeviceQuery[]) => sql.findDevices(db, items), ONE_STATEMENT);
  const jobs = new Batcher(async (items: sql.JobInsert[]) => {
    const rows = await sql.insertJobs(db, items);
    for (const row of rows) if (row) deps.jobEvents.emit('accepted', row);
    return rows;
  }, ONE_STATEMENT);
  // several statements in turn, each isolated on its own (a batch is not to be run twice)
  // a longer window (JOB_WRITE_WAIT_MS) is not skipped by a batcher quiet for only 50 ms
  const wait = deps.config.jobWriteWaitMs;
  const transitions = new Batcher((items: Transition[]) => runTransitions(db, items), {
    ...OPTS,
    maxWaitMs: wait,
    quietMs: Math.max(50, 2 * wait),
  });
  // many at once only when the broker is overwhelmed
  const refusedPublishes = new Batcher((items: RefusedPublish[]) => insertRefusedPublishes(db, items), UNAWAITED);
  const all = [devices, jobs, transitions, refusedPublishes];
  const flush = async () => {
    while (all.some((b) => b.size > 0)) await Promise.all(all.map((b) => b.flush()));
  };
  const backlog = () => devices.size + jobs.size;
  return { devices, jobs, transitions, refusedPublishes, flush, backlog };
}

export const writeQueue = (deps: Deps): WriteQueue => deps.pipelineWrites;
