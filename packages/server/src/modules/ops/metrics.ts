import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isFinalJobStatus, JobStatus } from '@herald/contract';
import type { Config } from '../../config';
import { poolOf, type Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { TtlCache } from '../../lib/ttl-cache';
import { readSnapshot, type Snapshot } from './metrics-repo';

/** A scrape reads the database at most this often; scrapes in between get the same numbers. */
export const SNAPSHOT_TTL_MS = 5_000;

/** Request → ack and request → final status: from tens of milliseconds to a job's expiry. */
const LATENCY_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600];

/** 0 → not_pushed, 3 → success, ... (the contract's names, as labels) */
const STATUS_LABEL = Object.fromEntries(
  Object.entries(JobStatus).map(([name, v]) => [v, name.toLowerCase()]),
) as Record<number, string>;
const statusLabel = (s: number) => STATUS_LABEL[s] ?? String(s);

type JobLike = {
  kind: string;
  status: number;
  requestedAt: Date;
  ackedAt: Date | null;
  finishedAt: Date | null;
};

/**
 * One server's metrics, in a registry of its own (tests run several servers in one process, and
 * prom-client's global registry would mix them). Counters and histograms are this process's;
 * the gauges read from the database are the platform's, cached for SNAPSHOT_TTL_MS.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly snapshots = new TtlCache<0, Snapshot>(SNAPSHOT_TTL_MS, 1);

  readonly jobsFinished = new Counter({
    name: 'herald_jobs_finished_total',
    help: 'Jobs this process saw reach a final status (a late confirmation after a timeout counts again)',
    labelNames: ['kind', 'status'] as const,
    registers: [this.registry],
  });
  readonly ackSeconds = new Histogram({
    name: 'herald_job_ack_seconds',
    help: "From a job's request to its device's ack",
    labelNames: ['kind'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly finalSeconds = new Histogram({
    name: 'herald_job_final_seconds',
    help: "From a job's request to its final status",
    labelNames: ['kind', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly webhookAttempts = new Counter({
    name: 'herald_webhook_attempts_total',
    help: 'Webhook delivery attempts by this process, by outcome (ok: a 2xx answer)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  /** set by the scrape (routes.ts): the pipeline, which calls observeJob, is not imported here */
  readonly publishBacklog = new Gauge({
    name: 'herald_publish_backlog',
    help: "Job messages waiting in this process for a turn at the broker (PUBLISH_BACKLOG's queue)",
    registers: [this.registry],
  });
  readonly webhookFailures = new Counter({
    name: 'herald_webhook_deliveries_failed_total',
    help: 'Webhook deliveries this process gave up on after the last retry',
    registers: [this.registry],
  });
  /** the CPU that uploads cost, and the proof that a bomb cost only its budget (files/service.ts) */
  readonly inflatedBytes = new Counter({
    name: 'herald_upload_inflated_bytes_total',
    help: 'Bytes this process inflated while checking uploaded archives (each entry within its budget)',
    registers: [this.registry],
  });
  /** the background workers' rounds (lib/workers.ts): a worker whose last success grows old is stuck or failing */
  readonly workerLastSuccess = new Gauge({
    name: 'herald_worker_last_success_timestamp_seconds',
    help: "When each background worker's last round ended without an error (Unix time)",
    labelNames: ['worker'] as const,
    registers: [this.registry],
  });
  readonly workerLastRound = new Gauge({
    name: 'herald_worker_last_round_seconds',
    help: "How long each background worker's last round took",
    labelNames: ['worker'] as const,
    registers: [this.registry],
  });
  readonly workerFailures = new Counter({
    name: 'herald_worker_failures_total',
    help: 'Rounds of each background worker that ended in an error (logged as "<worker> failed")',
    labelNames: ['worker'] as const,
    registers: [this.registry],
  });

  constructor(db: Db, config: Pick<Config, 'metrics'>) {
    const snapshot = () => this.snapshot(db);
    const registers = [this.registry];
    new Gauge({
      name: 'herald_jobs',
      help: 'Unfinished jobs on the platform, by kind and status',
      labelNames: ['kind', 'status'] as const,
      registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        for (const j of s?.jobs ?? []) this.set({ kind: j.kind, status: statusLabel(j.status) }, j.n);
      },
    });
    new Gauge({
      name: 'herald_devices_online',
      help: 'Devices online on the platform',
      registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) this.set(s.devicesOnline);
      },
    });
    new Gauge({
      name: 'herald_webhook_backlog',
      help: 'Webhook deliveries waiting to be sent (first try or a retry), platform-wide',
      registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) this.set(s.webhookBacklog);
      },
    });
    new Gauge({
      name: 'herald_ota_executions',
      help: 'Upgrade executions in an active state on the platform, by state',
      labelNames: ['state'] as const,
      registers,
      async collect() {
        const s = await snapshot();
        this.reset();
        for (const o of s?.ota ?? []) this.set({ state: o.state }, o.n);
      },
    });
    new Gauge({
      name: 'herald_db_pool_connections',
      help: "This process's database pool: connections open (total), idle, the most it opens (max), and queries waiting for one (waiting)",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pool = poolOf(db);
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options.max ?? 0);
      },
    });
    // the process's own: CPU, memory, event-loop lag (nodejs_eventloop_lag_*), GC, handles
    if (config.metrics.enabled) collectDefaultMetrics({ register: this.registry });
  }

  /** One round of a background worker (lib/workers.ts). */
  observeWorkerRound(worker: string, ok: boolean, seconds: number): void {
    this.workerLastRound.set({ worker }, seconds);
    if (ok) this.workerLastSuccess.set({ worker }, Date.now() / 1000);
    else this.workerFailures.inc({ worker });
  }

  /** The database's numbers, or undefined when it does not answer (the other metrics still go out). */
  private snapshot(db: Db): Promise<Snapshot | undefined> {
    return this.snapshots.get(0, () => readSnapshot(db)).catch(() => undefined);
  }
}

const seconds = (from: Date, to: Date) => Math.max(0, to.getTime() - from.getTime()) / 1000;

/**
 * A job moved (called by the pipeline for each status change it makes): its ack and final
 * latencies, and the finished count. Never throws into the pipeline.
 */
export function observeJob(deps: Pick<Deps, 'metrics'>, job: JobLike): void {
  try {
    const m = deps.metrics;
    if (job.status === JobStatus.PUSH_SUCCEEDED && job.ackedAt) {
      m.ackSeconds.observe({ kind: job.kind }, seconds(job.requestedAt, job.ackedAt));
    } else if (isFinalJobStatus(job.status) && job.finishedAt) {
      const labels = { kind: job.kind, status: statusLabel(job.status) };
      m.jobsFinished.inc(labels);
      m.finalSeconds.observe(labels, seconds(job.requestedAt, job.finishedAt));
    }
  } catch {
    // a metric is not worth a job: the delivery goes on without it
  }
}

/** One webhook delivery attempt's outcome (`gaveUp`: it was the last, and it failed). */
export function observeWebhookAttempt(deps: Pick<Deps, 'metrics'>, ok: boolean, gaveUp: boolean): void {
  const m = deps.metrics;
  m.webhookAttempts.inc({ outcome: ok ? 'ok' : 'failed' });
  if (gaveUp) m.webhookFailures.inc();
}
