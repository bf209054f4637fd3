/**
 * Device process of bench/push.ts: one slice of the simulated fleet (VirtualDevice, the real
 * device protocol) against one broker. Reports when each job arrives at a device and when the
 * device has sent its final result, in batches over IPC. Started by push.ts; not run by hand.
 */
import type { JobResult } from '@herald/contract';
import { VirtualDevice, type Received } from '@herald/device-sim';
import { benchSecret, benchSn, exitOnStop } from './connections-shared';
import { now, type PushWorkerParams, type PushWorkerReport, type Stamp } from './push-shared';

const params = JSON.parse(process.env.BENCH_PUSH_WORKER ?? '{}') as PushWorkerParams;
const send = (r: PushWorkerReport) => process.send?.(r);

const devices: VirtualDevice[] = [];
const online = new Set<VirtualDevice>();
let arrived: Stamp[] = [];
let finished: Stamp[] = [];

function makeDevice(n: number): VirtualDevice {
  const sn = benchSn(n);
  const d = new VirtualDevice({
    sn,
    secret: benchSecret(params.runKey, sn),
    mqttUrl: params.mqttUrl,
    telemetryIntervalMs: 600_000,
    backoffMinMs: 2000,
    backoffMaxMs: 30_000,
    logLimit: 10,
  });
  d.on('online', () => online.add(d));
  d.on('offline', () => {
    online.delete(d);
    drops++;
  });
  // 'received' fires as a job arrives (before the ack); 'result' once the broker took the
  // device's result (for Herald: once it has stored status 3)
  d.on('received', (r: Received) => {
    if (r.kind === 'job' && r.outcome === 'executed' && r.id) arrived.push([r.id, now()]);
  });
  d.on('result', (r: JobResult) => finished.push([r.id, now()]));
  return d;
}

let drops = 0;
const progress = () => send({ type: 'progress', online: online.size, started: devices.length, drops });

function flush() {
  if (arrived.length === 0 && finished.length === 0) return;
  send({ type: 'jobs', arrived, finished });
  arrived = [];
  finished = [];
}

async function main() {
  const timer = setInterval(progress, 500);
  for (let i = 0; i < params.count; i += params.batch) {
    const batch: VirtualDevice[] = [];
    for (let k = i; k < Math.min(i + params.batch, params.count); k++) batch.push(makeDevice(params.first + k));
    devices.push(...batch);
    for (const d of batch) d.start();
    await Promise.allSettled(batch.map((d) => d.waitOnline(params.batchTimeoutMs)));
  }
  progress();
  send({ type: 'ramped' });
  clearInterval(timer);
  setInterval(progress, 1000);
  setInterval(flush, 50);
}

exitOnStop(devices, flush);
// an orderly exit, so a --cpu-prof run still writes its profile
process.on('SIGTERM', () => process.exit(0));

void main();
