import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { housekeeping } from './housekeeping';
import { checkpointWorker } from './housekeeping/checkpoint';
import { vacuumWorker } from './housekeeping/vacuum';
import type { Deps } from './lib/deps';
import type { Worker } from './lib/workers';
import { jobCountsWorker } from './modules/dashboard/job-counts';
import { importClaims } from './modules/devices/import-run';
import { mailDispatch } from './modules/mail/mailer';
import { noncePurge } from './modules/open-api/service';
import { pipelineSweep } from './modules/print-pipeline/pipeline';
import { digestWorker } from './modules/messages/alert-digest';
import { otaEngine } from './modules/ota-tasks/engine';
import { pushEngine } from './modules/push-tasks/engine';
import { webhookWorker } from './modules/webhooks/worker';

/**
 * Every loop a server runs in the background, declared here once, started by app.ts when the
 * routes and the gateway are in place and stopped by its close (SIGTERM: after the drain). Each
 * claims its rows in PostgreSQL, so every server runs all of them side by side. Those that outlive
 * the routes stop in the order listed: the pipeline hands its last events to the job counts.
 */
export function serverWorkers(
  deps: Deps,
  database: Database,
  opts: { log: FastifyBaseLogger; housekeeping: boolean },
): Worker[] {
  const { log } = opts;
  return [
    // wherever devices are served, tests included
    otaEngine(deps),
    pushEngine(deps),
    webhookWorker(deps, log),
    digestWorker(deps),
    // a stopped server's imports are carried on by another
    importClaims(deps, log),
    ...(deps.mailer.sends ? [mailDispatch(deps.mailer)] : []),
    // stopped after the routes: the last requests' jobs are written, their calls recorded …
    pipelineSweep(deps, log),
    noncePurge(deps),
    // … and then counted
    jobCountsWorker(deps, log),
    // scheduled work, which the tests leave off (opts.jobs in app.ts)
    ...(opts.housekeeping ? housekeeping(deps, log) : []),
    // PostgreSQL vacuums and checkpoints itself; PGlite has no background processes to do it
    ...(opts.housekeeping && database.kind === 'pglite'
      ? [vacuumWorker(database.db, log), checkpointWorker(database.db, log)]
      : []),
  ];
}
