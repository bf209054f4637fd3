/**
 * Load process of bench/reconnect.ts: one slice of the simulated fleet (VirtualDevice, the real
 * device protocol) with the simulator's own reconnect behaviour — no backoff, keepalive or
 * telemetry option is set, so each device does what firmware written from docs/device-protocol.md
 * does. Reports progress to the parent over IPC; not meant to be run by hand.
 */
import { VirtualDevice } from '@herald/device-sim';
import { benchSecret, benchSn, exitOnStop } from './connections-shared';
import type { ReconnectWorkerParams, ReconnectWorkerReport } from './reconnect-shared';

const params = JSON.parse(process.env.BENCH_WORKER ?? '{}') as ReconnectWorkerParams;

const devices: VirtualDevice[] = [];
/** 'offline' also follows a failed attempt that never came online, so a set, not a counter */
const online = new Set<VirtualDevice>();
let drops = 0;
let refused = 0;
let lastRefusal: number | undefined;

function makeDevice(n: number): VirtualDevice {
  const sn = benchSn(n);
  const d = new VirtualDevice({ sn, secret: benchSecret(params.runKey, sn), mqttUrl: params.mqttUrl, logLimit: 10 });
  d.on('online', () => online.add(d));
  d.on('offline', () => {
    if (online.delete(d)) drops++;
  });
  d.on('refused', (code: number) => {
    refused++;
    lastRefusal = code;
  });
  return d;
}

const report = () =>
  process.send?.({
    type: 'progress',
    online: online.size,
    drops,
    refused,
    lastRefusal,
    started: devices.length,
  } satisfies ReconnectWorkerReport);

async function main() {
  // often enough that the parent's storm clock is not much coarser than its own polling
  setInterval(report, 100);
  for (let i = 0; i < params.count; i += params.batch) {
    const batch: VirtualDevice[] = [];
    for (let k = i; k < Math.min(i + params.batch, params.count); k++) batch.push(makeDevice(params.first + k));
    devices.push(...batch);
    for (const d of batch) d.start();
    // stragglers keep retrying on their own
    await Promise.allSettled(batch.map((d) => d.waitOnline(params.batchTimeoutMs)));
  }
}

exitOnStop(devices);

void main();
