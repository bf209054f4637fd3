/**
 * Load process of bench/connections.ts: holds one slice of the simulated fleet (VirtualDevice,
 * the real device protocol) against one broker and reports progress to the parent over IPC.
 * Started by connections.ts (child_process.fork); not meant to be run by hand.
 */
import { VirtualDevice } from '@herald/device-sim';
import { benchSecret, benchSn, exitOnStop, type WorkerParams, type WorkerReport } from './connections-shared';

const params = JSON.parse(process.env.BENCH_WORKER ?? '{}') as WorkerParams;
const send = (r: WorkerReport) => process.send?.(r);

const devices: VirtualDevice[] = [];
/** devices whose presence the broker has acknowledged, and still connected */
const online = new Set<VirtualDevice>();
let refused = 0;
let lastRefusal: number | undefined;

function makeDevice(n: number): VirtualDevice {
  const sn = benchSn(n);
  const d = new VirtualDevice({
    sn,
    secret: benchSecret(params.runKey, sn),
    mqttUrl: params.mqttUrl,
    keepaliveSeconds: params.keepaliveSeconds,
    telemetryIntervalMs: params.telemetryIntervalMs,
    // a device that is refused or dropped retries, but not fast enough to storm the broker
    backoffMinMs: 2000,
    backoffMaxMs: 30_000,
    logLimit: 10,
  });
  // 'offline' also follows a failed attempt that never came online, so a set, not a counter
  d.on('online', () => online.add(d));
  d.on('offline', () => online.delete(d));
  d.on('refused', (code: number) => {
    refused++;
    lastRefusal = code;
  });
  return d;
}

const report = () => send({ type: 'progress', online: online.size, refused, lastRefusal, started: devices.length });

async function main() {
  const timer = setInterval(report, 500);
  for (let i = 0; i < params.count; i += params.batch) {
    const batch: VirtualDevice[] = [];
    for (let k = i; k < Math.min(i + params.batch, params.count); k++) batch.push(makeDevice(params.first + k));
    devices.push(...batch);
    for (const d of batch) d.start();
    if (i === 0) report();
    // next batch once this one is in (or has had its chance: stragglers keep retrying on their own)
    await Promise.allSettled(batch.map((d) => d.waitOnline(params.batchTimeoutMs)));
  }
  report();
  send({ type: 'ramped' });
  clearInterval(timer);
  setInterval(report, 1000);
}

exitOnStop(devices);

void main();
