import type { Deps } from '../../lib/deps';
import { raiseJob } from './raise';

/** The live console hears of every job stored and every status change (coalesced by feed.ts). */
export function raiseJobs(deps: Deps): void {
  deps.jobEvents.on('accepted', (job) => raiseJob(deps, job));
  deps.jobEvents.on('changed', (job) => raiseJob(deps, job));
}
