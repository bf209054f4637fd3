import { createHmac } from 'node:crypto';

/** What bench/connections.ts hands each load process (as JSON in BENCH_WORKER). */
export type WorkerParams = {
  mqttUrl: string;
  /** device numbers first .. first+count-1 */
  first: number;
  count: number;
  /** connections started at once; the next batch waits for this one */
  batch: number;
  batchTimeoutMs: number;
  keepaliveSeconds: number;
  telemetryIntervalMs: number;
  /** per-run key the device secrets derive from (seeded rows and devices agree on it) */
  runKey: string;
};

export type WorkerReport =
  | { type: 'progress'; online: number; refused: number; lastRefusal: number | undefined; started: number }
  | { type: 'ramped' };

export const benchSn = (n: number) => `BENCH${String(n).padStart(6, '0')}`;

/** The device secret of `sn` in this run (32 hex characters, as the server issues them). */
export const benchSecret = (runKey: string, sn: string) =>
  createHmac('sha256', runKey).update(sn).digest('hex').slice(0, 32);
