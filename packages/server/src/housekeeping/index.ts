import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../lib/deps';
import { startWorkers, type RoundWorker } from '../lib/workers';
import { raiseOfflineAlerts } from '../modules/messages/alert-offline';
import { purgeExpiredRecords } from './purge';
import { sweepOrphanFiles } from './sweep-files';

const DAY = 24 * 3600 * 1000;
/** the first round, soon after the start */
const FIRST_MS = 5_000;
/** how often devices offline too long are looked for (the offline alert's time is in minutes) */
const OFFLINE_ALERT_TICK_MS = 30_000;

/**
 * Scheduled work, started with the server's other workers (src/workers.ts). Each job is
 * idempotent, so several server processes may run it side by side. A stop waits for a round
 * still running (a purge deletes in batches: the database must not close under it).
 */
export function housekeeping(deps: Deps, log: FastifyBaseLogger): RoundWorker[] {
  return [
    {
      name: 'purge',
      everyMs: DAY / 4,
      firstAfterMs: FIRST_MS,
      round: async (signal) => {
        const n = await purgeExpiredRecords(deps.db, new Date(), signal);
        if (n) log.info({ purged: n }, 'purged expired records');
      },
    },
    {
      name: 'file sweep',
      everyMs: DAY / 4,
      firstAfterMs: FIRST_MS,
      round: async () => {
        const n = await sweepOrphanFiles(deps.db, deps.storage);
        if (n) log.info({ swept: n }, 'removed uploads no package uses');
      },
    },
    {
      name: 'offline alerts',
      everyMs: OFFLINE_ALERT_TICK_MS,
      round: async () => {
        await raiseOfflineAlerts(deps);
      },
    },
  ];
}

/** The scheduled work alone (a test runs it on fake timers); returns the stop. */
export function startJobs(deps: Deps, log: FastifyBaseLogger): () => Promise<void> {
  const workers = startWorkers(housekeeping(deps, log), { log });
  return () => workers.stop('beforeRoutes');
}
