import type { Deps } from '../../lib/deps';
import { onJobStatus } from './service';

/** Each status change of a job queues its webhook, when the account has a push address for it. */
export function queueJobWebhooks(deps: Deps): void {
  // written aside: the pipeline waits for it only when it stops
  deps.jobEvents.on('changed', (job) => onJobStatus(deps, job));
}
