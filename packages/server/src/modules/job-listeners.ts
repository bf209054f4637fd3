import type { Deps } from '../lib/deps';
import { countJobs } from './dashboard/job-listener';
import { raiseJobs } from './live/job-listener';
import { observeJobs } from './ops/job-listener';
import { watchPushes } from './push-alarms/job-listener';
import { queueJobWebhooks } from './webhooks/job-listener';

/**
 * Who hears what happens to a job. The pipeline publishes on `deps.jobEvents`
 * (print-pipeline/events.ts) and imports none of these modules; each listens here, in this order
 * (the order they were called in before: counts, metrics, live console, webhooks).
 */
export function listenToJobs(deps: Deps): void {
  countJobs(deps);
  observeJobs(deps);
  raiseJobs(deps);
  queueJobWebhooks(deps);
  watchPushes(deps);
}
