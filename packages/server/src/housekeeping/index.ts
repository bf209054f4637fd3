import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../lib/deps';
import { raiseOfflineAlerts } from '../modules/messages/alert-offline';
import { every } from '../lib/every';
import { purgeExpiredRecords } from './purge';
import { sweepOrphanFiles } from './sweep-files';

const DAY = 24 * 3600 * 1000;
/** the first round, soon after the start */
const FIRST_MS = 5_000;
/** how often devices offline too long are looked for (the offline alert's time is in minutes) */
const OFFLINE_ALERT_TICK_MS = 30_000;

/**
 * Scheduled work. Each job is idempotent, so several server processes may run it side by side.
 * Returns a function that stops the timers and waits for a round still running (a purge deletes
 * in batches: the database must not close under it).
 */
export function startJobs(deps: Deps, log: FastifyBaseLogger): () => Promise<void> {
  const stops = [
    every(
      DAY / 4,
      'purge',
      log,
      async (signal) => {
        const n = await purgeExpiredRecords(deps.db, new Date(), signal);
        if (n) log.info({ purged: n }, 'purged expired records');
      },
      FIRST_MS,
    ),
    every(
      DAY / 4,
      'file sweep',
      log,
      async () => {
        const n = await sweepOrphanFiles(deps.db, deps.storage);
        if (n) log.info({ swept: n }, 'removed uploads no package uses');
      },
      FIRST_MS,
    ),
    every(OFFLINE_ALERT_TICK_MS, 'offline alerts', log, async () => {
      await raiseOfflineAlerts(deps);
    }),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
