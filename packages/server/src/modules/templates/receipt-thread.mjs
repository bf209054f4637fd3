// @ts-check
/**
 * A rendering thread of render-pool.ts. From the main thread: batches [{id, task}, …]; back:
 * {type: 'ready'} once loaded and warmed up, then {type: 'done', done: [{id, outcome}, …]} in the
 * batch's order. workerData: {encodings, running (an Int32Array on shared memory: the id of the
 * task being rendered, 0 between batches)}.
 * Plain JavaScript for the reason receipt.mjs gives.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { mapFramesOfBundle } from '../../lib/bundle-stack-traces.mjs';
import { runTask, transform } from './receipt.mjs';

// this thread's stack traces name the source lines when it runs from the bundle, as the main thread's do
mapFramesOfBundle(import.meta.url);

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/**
 * Answers go back together: the whole batch, or what is done whenever 5 ms have passed since the
 * last answer. One message per receipt spread a batch's jobs over several ticks of the main
 * thread, so its database batches got smaller and cost more per job.
 */
const ANSWER_EVERY_MS = 5;
/** the id of the task being rendered (0: none), for the pool's time limit */
const running = /** @type {Int32Array} */ (workerData.running);
port.on('message', (/** @type {{id: number, task: import('./receipt.d.mts').RenderTask}[]} */ batch) => {
  /** @type {{id: number, outcome: import('./receipt.d.mts').RenderOutcome}[]} */
  let done = [];
  let last = performance.now();
  for (const { id, task } of batch) {
    Atomics.store(running, 0, id);
    done.push({ id, outcome: runTask(task) });
    if (performance.now() - last >= ANSWER_EVERY_MS) {
      port.postMessage({ type: 'done', done });
      done = [];
      last = performance.now();
    }
  }
  Atomics.store(running, 0, 0);
  if (done.length > 0) port.postMessage({ type: 'done', done });
});
// The first receipt in an encoding loads its tables (gb18030: ~40 ms, big5: ~25 ms): done here,
// before the thread takes tasks, so no caller's time limit pays for it.
for (const encoding of /** @type {string[]} */ (workerData.encodings)) {
  transform('^Warm-up 预热\n{width:*,8}\nA | 1\n---\n=', { cpl: 32, encoding, cutting: true, command: 'escpos' });
}
port.postMessage({ type: 'ready' });
