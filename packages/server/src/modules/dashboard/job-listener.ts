import { JobStatus } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { jobCounts } from './job-counts';

/** The dashboard counts jobs requested and finished as the pipeline reports them (a map write each). */
export function countJobs(deps: Deps): void {
  deps.jobEvents.on('accepted', (job) => jobCounts(deps).requested(job));
  deps.jobEvents.on('changed', (job) => {
    // a late report of a job that had ended unconfirmed moves its count
    if (job.late) jobCounts(deps).settledLate(job);
    else if (job.status >= JobStatus.SUCCESS) jobCounts(deps).finished(job);
  });
}
