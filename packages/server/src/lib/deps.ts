import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JwtKeys } from '../modules/auth/jwt';
import type { Mailer } from '../modules/mail/mailer';
import type { Gateway } from '../gateway/types';
import type { FileStorage } from '../storage';
import type { Renderer } from '../modules/templates/render-pool';
import type { JobCounts } from '../modules/dashboard/job-counts';
import type { DeviceLinkState } from '../modules/device-link/state';
import type { ImportRuns } from '../modules/devices/import-run';
import type { Feed } from '../modules/live/feed';
import type { GeoEnabledCache } from '../modules/geo-common/geo-enabled';
import type { Lifecycle } from '../modules/ops/lifecycle';
import type { Metrics } from '../modules/ops/metrics';
import type { DatabaseCheck } from '../modules/ops/readiness';
import type { PushWatch } from '../modules/push-alarms/watch';
import type { PushEngineState } from '../modules/push-tasks/engine';
import type { ResourceWrites } from '../modules/ota-tasks/resource-writes';
import type { StateSwaps } from '../modules/messages/alert-states';
import type { OfflineReads } from '../modules/messages/alert-offline';
import type { CancelTakes } from '../modules/print-pipeline/cancel-pending';
import type { PushConfigCache } from '../modules/webhooks/push-config';
import type { WebhookIdle } from '../modules/webhooks/worker';
import type { Invalidation } from './invalidation';
import type { JobEvents } from '../modules/print-pipeline/events';
import type { QuietAccounts } from './quiet-accounts';
import type { PipelineState } from '../modules/print-pipeline/pipeline';
import type { WriteQueue } from '../modules/print-pipeline/write-queue';
import type { PrintCaches } from '../modules/print-pipeline/service';
import type { CallQueue } from '../modules/open-api/call-queue';
import type { ApiKeyCache } from '../modules/open-api/verify';
import type { KeyUses } from '../modules/open-api/last-use';

/**
 * What modules need from the outside, and what this server keeps in memory; passed explicitly so
 * tests can see the wiring. Built in one place (src/build-deps.ts); one object per server, so two
 * servers in one process (the tests) share nothing through it.
 */
export type Deps = {
  config: Config;
  db: Db;
  jwt: JwtKeys;
  mailer: Mailer;
  /** set once the gateway has started (after the HTTP routes are registered) */
  gateway: Gateway;
  /** uploaded files' bytes (firmware, packs, apps) */
  storage: FileStorage;
  /** renders receipts off the event loop */
  renderer: Renderer;
  /** tells every server's caches what changed (lib/invalidation.ts) */
  invalidation: Invalidation;
  /** what happened to jobs, from the pipeline to its listeners (modules/job-listeners.ts) */
  jobEvents: JobEvents;
  /** devices of an account moved between groups: running tasks take them in (modules/task-joiners.ts) */
  devicesRegrouped: (accountId: number) => void;

  // What this server keeps in memory. A cache here is told of changes on the other servers
  // through `invalidation`; nothing here is another server's business.

  /** the way down: readiness, new requests refused, requests in flight (ops/lifecycle.ts) */
  lifecycle: Lifecycle;
  /** readiness's one `select 1` at a time (ops/readiness.ts) */
  databaseCheck: DatabaseCheck;
  /** this server's Prometheus registry (ops/metrics.ts) */
  metrics: Metrics;
  /** live events raised here and heard from the other servers (live/feed.ts) */
  feed: Feed;
  /** open live streams per user id (live/service.ts) */
  liveStreams: Map<number, number>;
  /** jobs counted in memory, written every few seconds (dashboard/job-counts.ts) */
  jobCounts: JobCounts;
  /** the device imports this server runs (devices/import-run.ts) */
  imports: ImportRuns;
  /** the push engine's pass in progress (push-tasks/engine.ts) */
  pushEngine: PushEngineState;
  /** accounts without a live upgrade task, for a second (ota-tasks/device.ts) */
  otaQuiet: QuietAccounts;
  /** devices' reports that change no alert state, recorded many at a time (messages/alert-states.ts) */
  alertStateSwaps: StateSwaps;
  /** returning devices' offline alerts, read many at a time (messages/alert-offline.ts) */
  offlineReads: OfflineReads;
  /** returning devices' pending cancels, taken many at a time (print-pipeline/cancel-pending.ts) */
  cancelTakes: CancelTakes;
  /** devices' reported pack versions, stored many at a time (ota-tasks/resource-writes.ts) */
  resourceWrites: ResourceWrites;
  /** accounts without a live push task, for a second (push-tasks/device.ts) */
  pushQuiet: QuietAccounts;
  /** devices' messages in turn, positions waiting, presence asks (device-link/state.ts) */
  deviceLink: DeviceLinkState;
  /** the push-delay alarm's settings copy and fast pushes to write (push-alarms/watch.ts) */
  pushWatch: PushWatch;
  /** whether an account has the geolocation service (geo-common/geo-enabled.ts) */
  geoEnabled: GeoEnabledCache;
  /** accounts' push addresses and signing secrets (webhooks/push-config.ts) */
  pushConfigs: PushConfigCache;
  /** when the webhook worker looks again with nothing due (webhooks/worker.ts) */
  webhookIdle: WebhookIdle;
  /** the print pipeline's publish chains, writes in flight and publish limit (print-pipeline/pipeline.ts) */
  pipeline: PipelineState;
  /** the pipeline's batched writes (print-pipeline/write-queue.ts) */
  pipelineWrites: WriteQueue;
  /** templates and broadcast settings the pipeline reads (print-pipeline/service.ts) */
  printCaches: PrintCaches;
  /** the open API's batched nonces and request records (open-api/call-queue.ts) */
  openApiCalls: CallQueue;
  /** open-API keys by app key (open-api/verify.ts) */
  apiKeys: ApiKeyCache;
  /** keys noted as used, written once a second (open-api/last-use.ts) */
  keyUses: KeyUses;
};

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A module's HTTP routes. */
export type RoutesPlugin = (app: App, deps: Deps) => Promise<void>;
