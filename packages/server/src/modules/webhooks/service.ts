import type { jobs } from '../../db/schema';
import type { Deps } from '../../lib/deps';

export type JobRow = typeof jobs.$inferSelect;

/**
 * A job changed status: queue a webhook delivery when the account has a push address for the
 * job's event. Called by the pipeline after every status change; never throws into it.
 * (Interface fixed here; the delivery worker is in this module.)
 */
export async function onJobStatus(_deps: Deps, _job: JobRow): Promise<void> {}
