import type { Deps } from '../../lib/deps';
import { observeJob } from './metrics';

/** Ack and final latencies, and the finished count, of every job this process moves. */
export function observeJobs(deps: Deps): void {
  // a late report's timing was observed when the job ended unconfirmed
  deps.jobEvents.on('changed', (job) => {
    if (!job.late) observeJob(deps, job);
  });
}
