import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { pgliteDirOf, type EmbeddedThread } from './db/embedded-thread';
import type { App, Deps } from './lib/deps';
import { loggerOptions } from './lib/log-redact';
import { IMMUTABLE } from './lib/image';
import { authPlugin } from './plugins/auth';
import { clientErrors } from './plugins/client-errors';
import { errorsPlugin, frameworkErrors, notFoundBody } from './plugins/errors';
import { drainPlugin } from './plugins/drain';
import { retryAfterPlugin } from './plugins/retry-after';
import { inputGuardPlugin } from './plugins/input-guard';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { startGateway } from './gateway';
import type { HeldListener } from './lib/held-mqtt-listener';
import { ensureAdmin } from './modules/auth/seed';
import { modules } from './modules';
import { claimLocalStorage } from './storage/local-claim';
import { documentOpenApi, OPEN_API_SECURITY_SCHEMES } from './modules/open-api/document';
import { documentUpload } from './modules/files/upload-document';
import { drain } from './modules/ops/lifecycle';
import { buildDeps } from './build-deps';
import { startWorkers } from './lib/workers';
import { serverWorkers } from './workers';
import { listenToJobs } from './modules/job-listeners';
import { passwordCostNotice } from './lib/crypto';
import { sayWhileWaiting } from './lib/say-while-waiting';

/** Routes registered by third-party plugins in this scope (docs, static files) need no token. */
function markPublic(scope: App): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), access: { public: true } };
  });
}

/** A close longer than this says so at warn level, with its steps' times (see close()). */
const SLOW_CLOSE_MS = 10_000;

export type Server = {
  app: App;
  deps: Deps;
  database: Database;
  /** The way down before close (SIGTERM): readiness false, then new requests refused and those in flight finished. */
  drain: (opts?: { delayMs?: number; graceMs?: number }) => Promise<void>;
  /** `exiting`: the process ends right after (main.ts), see Gateway.close */
  close: (opts?: { exiting?: boolean }) => Promise<void>;
};

/** Typed for ajv's compilers; zod's are given in their place (createServer). */
type CompilersFactory = NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/**
 * Builds the whole server: database (migrated), keys, seeded operator admin, every module's
 * routes, the OpenAPI document and the built console. Used by main.ts and by the tests alike.
 */
export async function createServer(
  config: Config,
  opts: {
    database?: Database;
    logger?: boolean | object;
    /** where the server's own logger writes (stdout by default); tests read it */
    logStream?: { write: (line: string) => void };
    /** the scheduled housekeeping (purge, sweeps, the embedded database's upkeep); the tests leave it off */
    jobs?: boolean;
    /** the embedded database, already opening on its thread (main.ts) */
    embedded?: Promise<EmbeddedThread>;
    /** the embedded broker's MQTT listener, already taking connections (main.ts) */
    heldMqtt?: HeldListener;
  } = {},
): Promise<Server> {
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteDirOf(config.dataDir),
      poolMax: config.databasePoolMax,
      embedded: opts.embedded,
    }));
  const headers = securityHeaders({ publicUrl: config.publicUrl, mapTileUrl: config.map.tileUrl });
  const app = Fastify({
    logger: opts.logger ?? { ...loggerOptions(config.logLevel), stream: opts.logStream },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrors(headers),
    clientErrorHandler: clientErrors(headers),
    // a request arriving while the server closes is refused by the drain plugin, in the envelope
    // with Retry-After (close() below), not with Fastify's own 503 body
    return503OnClosing: false,
    // zod validates and serializes every route (fastify-type-provider-zod). Given as the compilers'
    // factories rather than by setValidatorCompiler/setSerializerCompiler, Fastify does not first load
    // its default ones (ajv and fast-json-stringify, ~0.2 s of CPU at every start) to be replaced
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializerCompiler,
      } as unknown as CompilersFactory,
    },
  }).withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>() as unknown as App;
  // nodes sharing a database must share their files too: a second node on its own disk refuses to start
  const storageClaim =
    database.kind === 'postgres' && config.databaseUrl && !config.storage.s3 && !config.storage.localShared
      ? await claimLocalStorage(config.databaseUrl, app.log)
      : undefined;

  const deps = await buildDeps(config, database, app.log);
  // what happens to a job reaches the modules that count, notify and alarm (modules/job-listeners.ts)
  listenToJobs(deps);
  await ensureAdmin(deps, app.log);
  const costNotice = passwordCostNotice();
  if (costNotice) app.log.warn(costNotice);

  await app.register(securityHeadersPlugin, { headers });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Herald API',
        version: '0.1.0',
        description:
          "The console's API (a bearer token from sign-in) and the signed open API for integrators (`/open/v1/*`, four signing headers; docs/open-api.md). Answers are the envelope {code, message, data}.",
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ...OPEN_API_SECURITY_SCHEMES,
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (route) => documentUpload(route.route.method, documentOpenApi(jsonSchemaTransform(route))),
  });
  await app.register(async (scope) => {
    markPublic(scope);
    await scope.register(swaggerUi, { routePrefix: '/docs' });
  });
  app.get('/openapi.json', { config: { access: { public: true } }, schema: { hide: true } }, async () => app.swagger());

  await app.register(errorsPlugin);
  await app.register(retryAfterPlugin);
  await app.register(drainPlugin, { lifecycle: deps.lifecycle });
  await app.register(inputGuardPlugin);
  await app.register(authPlugin, { db: database.db, jwt: deps.jwt });
  for (const register of modules) await app.register(async (scope) => register(scope as App, deps));

  const webDist = config.webDist && fs.existsSync(path.join(config.webDist, 'index.html')) ? config.webDist : undefined;
  if (webDist) {
    await app.register(async (scope) => {
      markPublic(scope);
      await scope.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // the build names its assets by content hash: a browser keeps them for good and loads
        // only index.html again (no-cache), so a page load after the first asks for one file. The
        // build's other files (the icon) keep their names: a day, since Chromium asked for the
        // icon again at every page the console opened when it had to revalidate it.
        cacheControl: false,
        // the build writes a brotli and a gzip copy beside each asset (packages/web/precompress.ts):
        // a browser gets the one it accepts, compressed once at build time rather than per request
        preCompressed: true,
        setHeaders: (res, file) => {
          const asset = file.includes(`${path.sep}assets${path.sep}`);
          res.setHeader(
            'cache-control',
            asset ? IMMUTABLE : path.basename(file) === 'index.html' ? 'no-cache' : 'public, max-age=86400',
          );
          // a cache between browser and server keeps each encoding apart
          if (asset) res.setHeader('vary', 'accept-encoding');
        },
      });
    });
  }
  // The console is a single-page app: a browser asking for one of its paths gets index.html
  // (files of the build are routes of the static plugin); anything else gets the 404 envelope.
  app.setNotFoundHandler(async (req, reply) => {
    const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (webDist && wantsHtml) {
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(fs.createReadStream(path.join(webDist, 'index.html')));
    }
    return reply.status(404).send(notFoundBody());
  });

  // devices reach the services only once every route is in place
  const gateway = await startGateway(deps, { httpServer: app.server, log: app.log, heldMqtt: opts.heldMqtt });
  deps.gateway = gateway;
  // background work: every loop of the server (src/workers.ts)
  const workers = startWorkers(serverWorkers(deps, database, { log: app.log, housekeeping: opts.jobs !== false }), {
    log: app.log,
    observe: (name, ok, seconds) => deps.metrics.observeWorkerRound(name, ok, seconds),
  });
  app.log.debug({ workers: workers.names }, 'background workers started');
  // Stopped from the drain's start, beside the requests in flight, and waited for by the close. A
  // round's stop waits for its statements, which on a saturated database (a restart under load)
  // queue behind hundreds of others: stopped only at the close, that wait (10 s measured) came
  // after the grace and took the stop past the supervisor's 30 s (issue 27); and a leaving node
  // should claim no new background work anyway (another node, or this one restarted, takes it).
  let workersStopping: Promise<void> | undefined;
  const stopWorkers = () => (workersStopping ??= workers.stop('beforeRoutes'));
  return {
    app,
    deps,
    database,
    drain: (o = {}) => {
      void stopWorkers();
      return drain(deps.lifecycle, app, { ...config.shutdown, ...o });
    },
    close: async (how = {}) => {
      // how long each step took, in the log: a stop a supervisor cuts short (its own timeout, then
      // SIGKILL) shows where it waited
      const began = Date.now();
      const ms: Record<string, number> = {};
      const step = async (name: string, run: () => unknown) => {
        const t = Date.now();
        // said while it waits: a stop killed before its end leaves this line, not the summary
        await sayWhileWaiting(run, () => app.log.warn({ step: name }, 'closing: still waiting'));
        ms[name] = Date.now() - t;
      };
      deps.lifecycle.refuseNew();
      // before the gateway and the database: an import's last chunk still notifies and writes
      await step('workers', stopWorkers);
      await step('gateway', () => gateway.close(how)); // the one started here, even if a test swapped deps.gateway
      await step('http', () => app.close());
      // after the pipeline and the routes: the last jobs are counted
      await step('pipeline', () => workers.stop('afterRoutes'));
      await step('renderer', () => deps.renderer.close());
      deps.feed.close();
      await step('storage', () => storageClaim?.release());
      await step('invalidation', () => deps.invalidation.close());
      if (!opts.database) await step('database', () => database.close());
      const total = Date.now() - began;
      if (total >= SLOW_CLOSE_MS) app.log.warn({ ms, total }, 'closed slowly');
      else app.log.info({ ms, total }, 'closed');
    },
  };
}
