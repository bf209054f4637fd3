import type { FastifyBaseLogger } from 'fastify';
import {
  JobStatus,
  MAX_TIME_MS,
  PROTOCOL_VERSION,
  topics,
  type Ack,
  type JobMessage,
  type JobResult,
} from '@herald/contract';
import type { RoundWorker } from '../../lib/workers';
import { GatewayUnavailable } from '../../lib/gateway-unavailable';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Batcher, SAME_MOMENT } from '../../lib/batcher';
import type { Deps } from '../../lib/deps';
import { inTurn } from '../../lib/in-turn';
import { PublishLimit } from './publish-limit';
import type { AckedJob } from './batch-repo';
import * as repo from './repo';
import { writeQueue } from './write-queue';

/**
 * Delivery: a stored job goes out on `down/job` (QoS 1) when its device is online and not
 * paused, in id order per device, one job at a time: a device's next job goes out once the one
 * before it is acked (its ack sends it), so a message lost on the way (a broker that died after
 * taking it) is sent again before anything behind it and the device prints in request order,
 * whichever server process took each request. The device's ack and result move a job forward;
 * a sweep expires what never finished and sends again what was not answered; a device coming
 * online (or being resumed) gets its queue again. Database writes that follow a publish are not
 * awaited by the publisher, so one device's queue and the API answer never wait on them.
 */

type DeviceRef = { id: number; sn: string };

export type PipelineState = {
  /** per device: the tail of its publish chain (keeps one device's jobs in order) */
  chains: Map<number, Promise<unknown>>;
  /** writes started and not yet finished; close() waits for them */
  inflight: Set<Promise<unknown>>;
  log: FastifyBaseLogger | undefined;
  /** job messages handed to the broker and not yet delivered (see publish-limit.ts) */
  publishes: PublishLimit;
  /** per job: when its last refused publish was recorded (see REFUSAL_RECORD_MS) */
  refusals: Map<number, number>;
  /**
   * per job: when this process last handed it to the broker. Its "pushed" write lags the publish,
   * so a flush meanwhile reads the job as not pushed: it is not sent again before it is due.
   */
  sent: Map<number, number>;
  /**
   * devices whose stored queue may hold jobs not yet sent that are older than a new one (after a
   * refused publish, a connect, a resume): their next job goes out through a flush, in order
   */
  behind: Set<number>;
  /** per device: a flush queued on its chain and not started yet (one is enough) */
  flushes: Map<number, Promise<void>>;
  /** devices whose queued flush sends every job sent and not answered, not only those due */
  flushAll: Set<number>;
  /**
   * the queues of devices that have just come online (a flush of `all`), read many devices in one
   * statement: a restart's reconnects flush thousands of devices within seconds, nearly all empty
   */
  queueReads: Batcher<number, repo.JobRow[]>;
  /** per device with a print rate limit: its calls, one after the other (rate-limit.ts, inTurn) */
  rateTurns: Map<number, Promise<unknown>>;
};
/**
 * A job whose publish is refused is tried again by every sweep while the gateway is overwhelmed;
 * one status-0 publish record per job in this time is enough to show it, and keeps the database's
 * work from growing with the overload.
 */
const REFUSAL_RECORD_MS = 60_000;
/** The pipeline's state in this server (a field of Deps, built in build-deps.ts). */
export function newPipelineState(
  config: Pick<Config, 'publishInFlight' | 'publishBacklog' | 'jobResendMs'>,
  db: Db,
): PipelineState {
  return {
    chains: new Map(),
    inflight: new Set(),
    log: undefined,
    publishes: new PublishLimit(config.publishInFlight, config.publishBacklog),
    refusals: new Map(),
    sent: new Map(),
    behind: new Set(),
    flushes: new Map(),
    flushAll: new Set(),
    queueReads: new Batcher(
      (ids: number[]) => repo.pendingForDevices(db, ids, Date.now(), resendOf(config)),
      SAME_MOMENT,
    ),
    rateTurns: new Map(),
  };
}
const state = (deps: Deps): PipelineState => deps.pipeline;

function track(deps: Deps, p: Promise<unknown>, what = 'job pipeline: write failed'): void {
  const s = state(deps);
  const q = p.catch((err: unknown) => s.log?.error({ err }, what));
  s.inflight.add(q);
  void q.finally(() => s.inflight.delete(q));
}

/**
 * Work a device message started that its answer need not wait for (an alert's messages): logged
 * when it fails, and waited for when the server stops, like the pipeline's own writes.
 */
export const inBackground = (deps: Deps, p: Promise<unknown>, what: string) => track(deps, p, what);

/** A job's status moved: whoever listens hears it (events.ts; the counters, metrics, live console, webhooks). */
export function notify(deps: Deps, job: repo.JobRow & { late?: boolean }): void {
  deps.jobEvents.emit('changed', job);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The MQTT message of a job: the downlink header and the stored payload. */
export function jobMessage(job: repo.JobRow, now: number): JobMessage {
  return {
    v: PROTOCOL_VERSION,
    id: job.msgId,
    ts: now,
    expireAt: job.expireAt.getTime(),
    ...(job.payload as Omit<JobMessage, 'v' | 'id' | 'ts' | 'expireAt'>),
  };
}

/** What became of a publish: sent; expired (the sweep ends it); refused by the gateway (it stays queued). */
type Pushed = 'sent' | 'expired' | 'refused';

/** Publish one job and record it. */
async function push(deps: Deps, device: DeviceRef, job: repo.JobRow): Promise<Pushed> {
  const now = Date.now();
  // a job not confirmed goes out after its expiry: the device answers what became of it (it does not print it now)
  if (job.status < JobStatus.SUCCESS && job.expireAt.getTime() <= now) return 'expired';
  const message = jobMessage(job, now);
  const body = JSON.stringify(message);
  const { publishes, log, refusals, behind } = state(deps);
  let handedOver = false;
  try {
    await publishes.run(() => {
      handedOver = true;
      return deps.gateway.publish(device.sn, 'job', message);
    });
  } catch (err) {
    // stays pending: it goes out with the device's next job or flush, or from the sweep's stranded check
    behind.add(device.id);
    if (now - (refusals.get(job.id) ?? -Infinity) < REFUSAL_RECORD_MS) return 'refused';
    refusals.set(job.id, now);
    if (handedOver && !(err instanceof GatewayUnavailable))
      log?.warn({ err, sn: device.sn, jobId: job.id }, 'job pipeline: the broker refused a publish');
    track(
      deps,
      writeQueue(deps).refusedPublishes.add({
        job,
        topic: topics.down(device.sn, 'job'),
        bytes: Buffer.byteLength(body),
        at: now,
        reason: handedOver ? 'brokerError' : 'queueFull',
      }),
    );
    return 'refused';
  }
  state(deps).sent.set(job.id, now);
  const wasPending = job.status === JobStatus.NOT_PUSHED;
  track(
    deps,
    writeQueue(deps)
      .transitions.add({
        kind: 'pushed',
        jobId: job.id,
        deviceId: device.id,
        msgId: job.msgId,
        topic: topics.down(device.sn, 'job'),
        bytes: Buffer.byteLength(body),
        publishedAt: now,
      })
      .then((row) => {
        if (row && wasPending && row.status === JobStatus.PUSHED) notify(deps, row);
      }),
  );
  return 'sent';
}

function enqueue(deps: Deps, deviceId: number, work: () => Promise<void>): Promise<void> {
  const { chains, log } = state(deps);
  return inTurn(chains, deviceId, work).catch((err: unknown) =>
    log?.error({ err, deviceId }, 'job pipeline: dispatch failed'),
  );
}

/**
 * A new job of an online, unpaused device goes out now, behind that device's earlier jobs: on its
 * chain, or (when older jobs may be waiting in the database) through a flush, which sends them all
 * in order, this one included.
 */
export function dispatch(deps: Deps, device: DeviceRef, job: repo.JobRow & { olderPending?: boolean }): Promise<void> {
  // a flush queued and not started will read this job too: pushing it as well would send it twice
  const s = state(deps);
  // an older job of the device was not acked when this one was stored (perhaps another server
  // process took it): this one waits its turn, sent by that job's ack (or a flush) in order
  if (job.olderPending) s.behind.add(device.id);
  if (s.behind.has(device.id) || s.flushes.has(device.id)) return flushDevice(deps, device, false);
  return enqueue(deps, device.id, async () => {
    // a flush that started before this job was stored (a connect's) and read the queue after: it
    // sent the job already, ahead of this turn on the chain
    if (s.sent.has(job.id)) return;
    await push(deps, device, job);
  });
}

/**
 * The device's stored queue may hold jobs older than the next new one and not sent (it has just
 * connected or been resumed): its next job goes out through a flush, in order.
 */
export function markBehind(deps: Deps, deviceId: number): void {
  state(deps).behind.add(deviceId);
}

/**
 * Send a device everything it should still receive, in order: jobs never pushed, and jobs sent
 * and not answered — all of them (`all`, the device has just come online) or those due again
 * (repo.pendingForDevice) — with the same msgId (the device drops what it already has and
 * answers again). Nothing while paused. A flush already queued and not started covers a new
 * request: it reads the queue when it starts.
 */
export function flushDevice(deps: Deps, device: DeviceRef, all = true): Promise<void> {
  const s = state(deps);
  const queued = s.flushes.get(device.id);
  if (queued) {
    if (all) s.flushAll.add(device.id);
    return queued;
  }
  if (all) s.flushAll.add(device.id);
  const flush = enqueue(deps, device.id, async () => {
    s.flushes.delete(device.id);
    s.behind.delete(device.id);
    const everything = s.flushAll.delete(device.id);
    const jobs = everything
      ? await s.queueReads.add(device.id)
      : await repo.pendingForDevice(deps.db, device.id, Date.now(), resend(deps));
    const now = Date.now();
    for (const job of jobs) {
      // sent by this process a moment ago (its write not stored yet): not again before it is due
      const sentAt = s.sent.get(job.id);
      if (!everything && sentAt !== undefined && now - sentAt < deps.config.jobResendMs) continue;
      // an expired job is the sweep's; the ones after it still go out
      if ((await push(deps, device, job)) === 'refused') break;
    }
  });
  s.flushes.set(device.id, flush);
  return flush;
}

/**
 * An ack from a device. Returns false when the id is not one of this device's jobs (the caller
 * then treats it as a command ack). ok → 2 with latency; expired → 5; any other code → 4 with
 * the code (and message) as reason. Duplicates and late acks change nothing.
 */
export async function onJobAck(deps: Deps, device: DeviceRef, ack: Ack, arrivedAt = Date.now()): Promise<boolean> {
  if (!UUID_RE.test(ack.id)) return false;
  // the protocol's schema already refuses it; the batch this joins is shared with other devices
  if (!(Number.isSafeInteger(ack.ts) && ack.ts >= 0 && ack.ts <= MAX_TIME_MS)) return true;
  const outcome: repo.AckOutcome =
    ack.code === 'ok'
      ? { status: JobStatus.PUSH_SUCCEEDED, reason: null }
      : ack.code === 'expired'
        ? { status: JobStatus.TIMEOUT, reason: 'expired' }
        : { status: JobStatus.FAILED, reason: (ack.message ? `${ack.code}: ${ack.message}` : ack.code).slice(0, 256) };
  const row = await writeQueue(deps).transitions.add({
    kind: 'ack',
    deviceId: device.id,
    msgId: ack.id,
    echoedTs: ack.ts,
    outcome,
    arrivedAt,
  });
  if (row === undefined) return false;
  if (row) notify(deps, row);
  // the device's next job goes out now that this one is acked (one job at a time on its way)
  if ((row as AckedJob | null)?.waiting) track(deps, flushDevice(deps, device, false));
  // the push-delay alarm watches each acked push's latency
  if (row && ack.code === 'ok')
    deps.jobEvents.emit('acked', { job: row, latencyMs: arrivedAt - ack.ts, at: arrivedAt });
  return true;
}

/** The device's report: success → 3, failed → 4 with its reason. */
export async function onJobResult(deps: Deps, device: DeviceRef, r: JobResult, arrivedAt = Date.now()): Promise<void> {
  if (!UUID_RE.test(r.id)) return;
  const success = r.status === 'success';
  const reason = success ? null : (r.reason ?? r.message ?? 'other');
  const row = await writeQueue(deps).transitions.add({
    kind: 'result',
    deviceId: device.id,
    msgId: r.id,
    // a job that expired in the device's queue timed out, as an 'expired' ack says
    status: success ? JobStatus.SUCCESS : reason === 'expired' ? JobStatus.TIMEOUT : JobStatus.FAILED,
    reason,
    at: arrivedAt,
  });
  if (row) notify(deps, row);
}

/** A device announced itself online (after subscribing): its queue goes out. */
export function onDeviceOnline(deps: Deps, device: DeviceRef): void {
  track(deps, flushDevice(deps, device));
}

const SWEEP_MS = 1_000;
const STRANDED_AFTER_MS = 2_000;
/** how often the sweep looks for sent jobs due again (a scan of unfinished and unconfirmed jobs) */
const RESEND_CHECK_MS = 5_000;

const resendOf = (config: Pick<Config, 'jobResendMs'>): repo.Resend => ({
  baseMs: config.jobResendMs,
  capMs: config.jobResendMs * 30,
});
const resend = (deps: Deps): repo.Resend => resendOf(deps.config);

/** One pass of the scheduled work: expiry, stranded queues, jobs due to be sent again (now and then). */
export async function sweep(deps: Deps, now = Date.now(), resendCheck = true): Promise<void> {
  for (;;) {
    const expired = await repo.expireDue(deps.db, now);
    for (const row of expired) notify(deps, row);
    if (expired.length < 500) break;
  }
  for (const d of await repo.strandedDevices(deps.db, now - STRANDED_AFTER_MS))
    track(deps, flushDevice(deps, d, false));
  if (resendCheck)
    for (const d of await repo.resendDevices(deps.db, now, resend(deps))) track(deps, flushDevice(deps, d, false));
  const { refusals, sent } = state(deps);
  for (const [jobId, at] of refusals) if (now - at >= REFUSAL_RECORD_MS) refusals.delete(jobId);
  for (const [jobId, at] of sent) if (now - at >= deps.config.jobResendMs) sent.delete(jobId);
}

/**
 * The sweep (every second), a worker of the registry (src/workers.ts). It stops after the routes,
 * and its stop waits for the publishes, writes and job events still pending: the last requests'
 * jobs are written and heard.
 */
export function pipelineSweep(deps: Deps, log: FastifyBaseLogger): RoundWorker {
  const s = state(deps);
  s.log = log.child({ module: 'jobs' });
  let lastResend = 0;
  return {
    name: 'job sweep',
    everyMs: SWEEP_MS,
    outlivesRoutes: true,
    round: async () => {
      const now = Date.now();
      const resendCheck = now - lastResend >= Math.min(RESEND_CHECK_MS, deps.config.jobResendMs);
      if (resendCheck) lastResend = now;
      await sweep(deps, now, resendCheck);
    },
    stop: async (stopRounds) => {
      await stopRounds();
      while (s.inflight.size > 0 || s.chains.size > 0 || deps.jobEvents.busy) {
        await Promise.allSettled([
          ...s.inflight,
          ...s.chains.values(),
          writeQueue(deps).flush(),
          deps.jobEvents.idle(),
        ]);
      }
      await writeQueue(deps).flush();
    },
  };
}

/** Job messages waiting for a turn at the broker (GET /metrics). */
export const publishBacklog = (deps: Deps): number => state(deps).publishes.queued;
