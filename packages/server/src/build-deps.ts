import type { FastifyBaseLogger } from 'fastify';
import { RECEIPT_BYTES_MAX } from '@herald/contract';
import type { Config } from './config';
import type { Database } from './db/client';
import { offlineGateway } from './gateway/offline';
import type { Deps } from './lib/deps';
import { openInvalidation } from './lib/invalidation';
import { JwtKeys } from './modules/auth/jwt';
import { newJobCounts } from './modules/dashboard/job-counts';
import { newDeviceLinkState } from './modules/device-link/state';
import { ImportRuns } from './modules/devices/import-run';
import { Feed } from './modules/live/feed';
import { newGeoEnabledCache } from './modules/geo-common/geo-enabled';
import { Mailer } from './modules/mail/mailer';
import { JobEvents } from './modules/print-pipeline/events';
import { Lifecycle } from './modules/ops/lifecycle';
import { Metrics } from './modules/ops/metrics';
import { DatabaseCheck } from './modules/ops/readiness';
import { newOtaQuiet } from './modules/ota-tasks/device';
import { newResourceWrites } from './modules/ota-tasks/resource-writes';
import { newStateSwaps } from './modules/messages/alert-states';
import { newOfflineReads } from './modules/messages/alert-offline';
import { newCancelTakes } from './modules/print-pipeline/cancel-pending';
import { newPushWatch } from './modules/push-alarms/watch';
import { newPushQuiet } from './modules/push-tasks/device';
import { newPushEngineState } from './modules/push-tasks/engine';
import { startRenderer } from './modules/templates/render-pool';
import { newPushConfigCache } from './modules/webhooks/push-config';
import { newWebhookIdle } from './modules/webhooks/worker';
import { openStorage } from './storage';
import { newPipelineState } from './modules/print-pipeline/pipeline';
import { newWriteQueue } from './modules/print-pipeline/write-queue';
import { newPrintCaches } from './modules/print-pipeline/service';
import { newCallQueue } from './modules/open-api/call-queue';
import { newApiKeyCache } from './modules/open-api/verify';
import { newKeyUses } from './modules/open-api/last-use';
import { onDevicesRegrouped } from './modules/task-joiners';

/**
 * One server's dependencies: what it reaches outside (database, keys, mail, files, the renderer's
 * threads, the invalidation bus) and what it keeps in memory, each a field built here. The gateway
 * is a stand-in until the routes are in place (app.ts starts the real one).
 */
export async function buildDeps(config: Config, database: Database, log: FastifyBaseLogger): Promise<Deps> {
  const db = database.db;
  const jwt = await JwtKeys.load(db);
  const mailer = new Mailer(db, log, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const renderer = startRenderer({
    threads: config.renderThreads,
    timeoutMs: config.renderTimeoutMs,
    maxBytes: RECEIPT_BYTES_MAX,
  });
  const invalidation = await openInvalidation(database, { databaseUrl: config.databaseUrl, log });
  const feed = new Feed(invalidation);
  const jobEvents = new JobEvents(log);
  const deps: Deps = {
    invalidation,
    config,
    db,
    jwt,
    mailer,
    gateway: offlineGateway,
    storage: openStorage(config),
    renderer,
    jobEvents,
    devicesRegrouped: (accountId) => onDevicesRegrouped(deps, accountId),

    lifecycle: new Lifecycle(),
    databaseCheck: new DatabaseCheck(db),
    metrics: new Metrics(db, config),
    feed,
    liveStreams: new Map(),
    jobCounts: newJobCounts({ db, feed }),
    imports: new ImportRuns(),
    pushEngine: newPushEngineState(log),
    otaQuiet: newOtaQuiet(db),
    resourceWrites: newResourceWrites(db),
    alertStateSwaps: newStateSwaps(db),
    offlineReads: newOfflineReads(db),
    cancelTakes: newCancelTakes(db),
    pushQuiet: newPushQuiet(db),
    deviceLink: newDeviceLinkState(db),
    pushWatch: newPushWatch(invalidation),
    geoEnabled: newGeoEnabledCache(invalidation),
    pushConfigs: newPushConfigCache(invalidation),
    webhookIdle: newWebhookIdle(),
    pipeline: newPipelineState(config, db),
    pipelineWrites: newWriteQueue({ db, config, jobEvents }),
    printCaches: newPrintCaches(invalidation),
    openApiCalls: newCallQueue(db, config.limits.openApiPerKey),
    apiKeys: newApiKeyCache(invalidation),
    keyUses: newKeyUses(),
  };
  return deps;
}
