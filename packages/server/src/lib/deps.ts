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
import type { Invalidation } from './invalidation';
import type { JobEvents } from '../modules/print-pipeline/events';

/** What modules need from the outside; passed explicitly so tests can see the wiring. */
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
