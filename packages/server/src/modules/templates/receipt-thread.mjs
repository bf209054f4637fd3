// @ts-check
/**
 * A rendering thread of render-pool.ts. From the main thread: batches [{id, task}, …]; back:
 * {type: 'ready'} once loaded and warmed up, then {type: 'done', id, outcome} as each task is
 * done (the pool's time limit is per task). workerData: {encodings}.
 * Plain JavaScript for the reason receipt.mjs gives.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runTask, transform } from './receipt.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
port.on('message', (/** @type {{id: number, task: import('./receipt.d.mts').RenderTask}[]} */ batch) => {
  for (const { id, task } of batch) port.postMessage({ type: 'done', id, outcome: runTask(task) });
});
// The first receipt in an encoding loads its tables (gb18030: ~40 ms, big5: ~25 ms): done here,
// before the thread takes tasks, so no caller's time limit pays for it.
for (const encoding of /** @type {string[]} */ (workerData.encodings)) {
  transform('^Warm-up 预热\n{width:*,8}\nA | 1\n---\n=', { cpl: 32, encoding, cutting: true, command: 'escpos' });
}
port.postMessage({ type: 'ready' });
