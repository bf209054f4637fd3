import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../lib/deps';
import { purgeExpiredRecords } from './purge';
import { sweepOrphanFiles } from './sweep-files';

const DAY = 24 * 3600 * 1000;

/**
 * Scheduled work. Each job is idempotent, so several server processes may run it side by side.
 * Returns a function that stops the timers.
 */
export function startJobs(deps: Deps, log: FastifyBaseLogger): () => void {
  const run = () =>
    Promise.all([
      purgeExpiredRecords(deps.db)
        .then((n) => n && log.info({ purged: n }, 'purged expired records'))
        .catch((err) => log.error({ err }, 'purge failed')),
      sweepOrphanFiles(deps.db, deps.storage)
        .then((n) => n && log.info({ swept: n }, 'removed uploads no package uses'))
        .catch((err) => log.error({ err }, 'file sweep failed')),
    ]);
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, DAY / 4);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
