/** What bench/reconnect.ts hands each load process (as JSON in BENCH_WORKER). */
export type ReconnectWorkerParams = {
  mqttUrl: string;
  /** device numbers first .. first+count-1 */
  first: number;
  count: number;
  /** connections started at once in the first ramp; the next batch waits for this one */
  batch: number;
  batchTimeoutMs: number;
  /** per-run key the device secrets derive from (seeded rows and devices agree on it) */
  runKey: string;
};

export type ReconnectWorkerReport = {
  type: 'progress';
  /** devices whose presence the broker has acknowledged, and still connected */
  online: number;
  /** connections lost so far (each one is a reconnect the device schedules on its own) */
  drops: number;
  refused: number;
  lastRefusal: number | undefined;
  started: number;
};
