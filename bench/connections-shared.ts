import { createHmac } from 'node:crypto';
import type { VirtualDevice } from '@herald/device-sim';

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

/**
 * A device process's end: on the parent's 'stop' it drops every connection at once (the broker sees
 * them go as in a power cut; the parent only needs the sockets gone before it measures the next
 * system), after `last` (a final report); it also ends with its parent.
 */
export function exitOnStop(devices: VirtualDevice[], last?: () => void): void {
  process.on('message', (m: { type?: string }) => {
    if (m?.type !== 'stop') return;
    last?.();
    for (const d of devices) d.crash();
    setTimeout(() => process.exit(0), 200);
  });
  process.on('disconnect', () => process.exit(0));
}
