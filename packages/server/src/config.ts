import path from 'node:path';
import { ALERT_DIGEST_DEFAULTS } from '@herald/contract';
import type { S3Config } from './storage/s3';
import { dataDirOf } from './data-dir';
import { mqttListenAddress } from './lib/held-mqtt-listener';

/** Job messages in flight to the broker at most: under the embedded broker's concurrency (gateway/embedded.ts). */
export const PUBLISH_MAX = 200;

/** Every setting Herald reads from the environment, with its default (documented in README). */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; unset → embedded PGlite under dataDir/pgdata */
  databaseUrl: string | undefined;
  /** connections this process opens to PostgreSQL at most (DATABASE_POOL_MAX); the embedded database ignores it */
  databasePoolMax: number;
  adminPassword: string | undefined;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  /**
   * How long after its use a refresh token may come back once more and still get a pair (the
   * answer was lost: a reload or a dropped connection while refreshing); 0 turns it off, 60 at most.
   */
  refreshReuseLeewaySec: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** address people use to reach the console; used in mailed links */
  publicUrl: string;
  /**
   * DEVICE_DOWNLOAD_URL: the base of the URLs devices are sent to fetch files (firmware, packs,
   * logos) from Herald and to put their logs; unset, publicUrl (see deviceBaseUrl). Devices may
   * reach Herald by another address than people do (another host, a CDN, a certificate old TLS
   * stacks accept); an S3 store's presigned URLs do not use it.
   */
  deviceDownloadUrl: string | undefined;
  logLevel: string;
  /** built console to serve; unset or missing → API only */
  webDist: string | undefined;
  /** Allowed redirect-address origins for the authorisation-code flow besides publicUrl */
  allowedRedirectOrigins: string[];
  bodyLimitBytes: number;
  /**
   * Which peers' X-Forwarded-For Herald believes (Fastify's trustProxy): the client address it records
   * and rate-limits by. Default: loopback only, so a reverse proxy on the same machine works and a client
   * talking to Herald directly cannot pick its own address.
   */
  trustProxy: boolean | string;
  /**
   * uploaded files: local disk under dataDir/files, or an S3-compatible store when `s3` is set.
   * `localShared`: dataDir/files is one mount every node sees, so nodes sharing a database may all
   * use local storage (storage/local-claim.ts)
   */
  storage: { s3: S3Config | undefined; localShared: boolean };
  mqtt: MqttConfig;
  /** multiplies WEBHOOK_BACKOFF_MS (retry delays of webhook deliveries); tests use a small one */
  webhookBackoffScale: number;
  /** save and deliver webhooks to private and local addresses too (modules/webhooks/public-address.ts) */
  webhookAllowPrivate: boolean;
  /** the flapping rule: past `max` alerts of one kind for one device within `windowMs`, a digest (messages/alert-digest.ts) */
  alertDigest: { max: number; windowMs: number };
  /**
   * Limits held in the database, so they count across every server (lib/shared-limits.ts); each is
   * `max` per window or undefined (switched off). Failed sign-ins and password checks per client
   * address and per username; failed code exchanges, refreshes and activation links per address;
   * open API calls per app key. What each counts and why these defaults: docs/decisions.md.
   */
  limits: {
    signInPerAddress: Limit | undefined;
    signInPerUser: Limit | undefined;
    tokenPerAddress: Limit | undefined;
    openApiPerKey: Limit | undefined;
  };
  /**
   * The console's maps: a tile URL template (MAP_TILE_URL, e.g. the provider's own tile server) and
   * its attribution (MAP_TILE_ATTRIBUTION); unset, the maps draw the country outlines the console ships.
   */
  map: { tileUrl: string | undefined; attribution: string | undefined };
  /** upgrade engine: how often it looks for work (OTA_TICK_MS) */
  otaTickMs: number;
  /** upgrade engine: length of a task "minute" (timeouts, pace, back-off); tests shorten it (OTA_MINUTE_MS) */
  otaMinuteMs: number;
  /** push engine: how often it starts due tasks, sends messages and ends tasks (PUSH_TICK_MS) */
  pushTickMs: number;
  /** receipts render on this many threads of their own (RENDER_THREADS) */
  renderThreads: number;
  /** a receipt still rendering after this long is refused as too large (RENDER_TIMEOUT_MS) */
  renderTimeoutMs: number;
  /**
   * job messages handed to the broker at once (PUBLISH_IN_FLIGHT, at most PUBLISH_MAX) and waiting
   * for a turn (PUBLISH_BACKLOG); past both a publish is refused and the job waits in the database
   */
  publishInFlight: number;
  publishBacklog: number;
  /**
   * a sent job without its device's answer is sent again after this long (JOB_RESEND_MS),
   * doubling with each send up to 30 times as long; acked jobs without a result wait 3 times as long
   */
  jobResendMs: number;
  /**
   * how long the pipeline waits to gather job status writes (publishes, acks, results) into one
   * statement (JOB_WRITE_WAIT_MS): longer means bigger batches and less database work per job, and
   * a longer time between a publish and its "pushed" row (the fault harness widens it to hit that
   * window on purpose)
   */
  jobWriteWaitMs: number;
  /**
   * batch device imports (modules/devices/import-run.ts): rows per chunk, each one transaction
   * (IMPORT_CHUNK_ROWS); how long a server's claim on a running import holds without a finished
   * chunk (IMPORT_LEASE_MS); how often a server looks for imports whose claim is over (IMPORT_CLAIM_MS)
   */
  imports: { chunkRows: number; leaseMs: number; claimEveryMs: number };
  /** GET /metrics (modules/ops): served only when `enabled`; a bearer token is required when `token` is set */
  metrics: { enabled: boolean; token: string | undefined };
  /**
   * SIGTERM/SIGINT (main.ts): readiness goes false at once; requests are still served for `delayMs`
   * (a load balancer's time to see it), then refused with 503 while those in flight get up to
   * `graceMs` to finish; then the server closes.
   */
  shutdown: { delayMs: number; graceMs: number };
};

/** At most `max` in each window of `windowMs` (a fixed window, starting with its first hit). */
export type Limit = { max: number; windowMs: number };

/**
 * A limit written `max/seconds` (`20/300`: 20 per 5 minutes); `off` or `0` switches it off.
 * Unset or unreadable: the default.
 */
export function parseLimit(v: string | undefined, d: Limit): Limit | undefined {
  const t = (v ?? '').trim().toLowerCase();
  if (t === 'off' || t === '0') return undefined;
  const m = /^(\d{1,9})\s*\/\s*(\d{1,7})$/.exec(t);
  if (!m || Number(m[1]) === 0 || Number(m[2]) === 0) return d;
  return { max: Number(m[1]), windowMs: Number(m[2]) * 1000 };
}

/** The device gateway: an embedded broker, or an external one when `url` is set. */
export type MqttConfig = {
  host: string;
  /** plain MQTT over TCP; 0 = any free port (tests), -1 = no TCP listener */
  port: number;
  /** MQTT over TLS; listens only when cert and key are given */
  tlsPort: number;
  tlsCert: string | undefined;
  tlsKey: string | undefined;
  /** CA bundle sent to clients as acceptable issuers (client certificates are checked against imported ones) */
  tlsCa: string | undefined;
  /** external broker (mqtt://user:pass@host:1883); unset → embedded Aedes */
  url: string | undefined;
  /** shared secret for the broker's HTTP auth/ACL hooks (POST /mqtt/auth, /mqtt/acl); unset → hooks off */
  hookSecret: string | undefined;
  /** how an external broker learns device credentials: 'hooks' (EMQX calls Herald) or 'dynsec' (Mosquitto) */
  provision: 'hooks' | 'dynsec';
  /** EMQX REST API (MQTT_ADMIN_URL + MQTT_ADMIN_KEY/SECRET): kicks disconnect at once; unset → at next auth */
  admin: { url: string; key: string; secret: string } | undefined;
  /**
   * The server's own client id at an external broker (MQTT_CLIENT_ID; unset: a random one per
   * start). With MQTT_SESSION_EXPIRY > 0 it names a session the broker keeps while the server is
   * away, holding the uplink meant for it; with several server processes such a session hoards a
   * share of the uplink while its process is down, so the default is a clean session (0): what
   * a device sends meanwhile is recovered end to end (docs/reliability.md).
   */
  clientId: string | undefined;
  /** MQTT_SESSION_EXPIRY: seconds the broker keeps that session (0 = clean session) */
  sessionExpirySec: number;
  /**
   * PRESENCE_CHECK_GRACE_MS: after asking the fleet for presence (external broker), devices still
   * marked online that have not answered within this time go offline
   */
  presenceGraceMs: number;
};

/**
 * TRUST_PROXY: `true`/`false`, or a comma-separated list of addresses, CIDR ranges and the names
 * `loopback`, `linklocal`, `uniquelocal`. (Fastify's hop count trusts no peer at all, so it is not offered.)
 */
export function parseTrustProxy(v: string | undefined): boolean | string {
  const t = (v ?? '').trim();
  if (t === '') return 'loopback';
  if (/^(true|false)$/i.test(t)) return t.toLowerCase() === 'true';
  return t;
}

/**
 * METRICS `on`/`off`; unset, /metrics is served only when METRICS_TOKEN is set, so a server
 * reachable from the internet does not show its load to anyone who asks (docs/decisions.md).
 */
export function parseMetrics(flag: string | undefined, token: string | undefined): Config['metrics'] {
  const t = token?.trim() || undefined;
  const f = (flag ?? '').trim().toLowerCase();
  return { enabled: f === '' ? t !== undefined : /^(on|true|1|yes)$/.test(f), token: t };
}

/** Where devices reach Herald's HTTP: DEVICE_DOWNLOAD_URL, else PUBLIC_URL (read when a URL is made). */
export const deviceBaseUrl = (c: Pick<Config, 'publicUrl' | 'deviceDownloadUrl'>): string =>
  c.deviceDownloadUrl ?? c.publicUrl;

const int = (v: string | undefined, d: number) => {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : d;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080);
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: dataDirOf(env),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: Math.min(1000, Math.max(1, Math.floor(int(env.DATABASE_POOL_MAX, 10)))),
    adminPassword: env.HERALD_ADMIN_PASSWORD || undefined,
    accessTokenTtlSec: int(env.ACCESS_TOKEN_TTL, 3600),
    refreshTokenTtlSec: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    refreshReuseLeewaySec: Math.min(60, Math.max(0, int(env.REFRESH_REUSE_LEEWAY, 10))),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Herald <no-reply@herald.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    deviceDownloadUrl: env.DEVICE_DOWNLOAD_URL?.trim().replace(/\/$/, '') || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.WEB_DIST === undefined ? path.join(root, 'packages/web/dist') : env.WEB_DIST || undefined,
    allowedRedirectOrigins: (env.ALLOWED_REDIRECT_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    storage: {
      s3:
        env.STORAGE_S3_ENDPOINT && env.STORAGE_S3_BUCKET
          ? {
              endpoint: env.STORAGE_S3_ENDPOINT,
              bucket: env.STORAGE_S3_BUCKET,
              region: env.STORAGE_S3_REGION || 'us-east-1',
              accessKey: env.STORAGE_S3_ACCESS_KEY ?? '',
              secretKey: env.STORAGE_S3_SECRET_KEY ?? '',
              pathStyle: !/^(false|0|no)$/i.test(env.STORAGE_S3_PATH_STYLE ?? ''),
            }
          : undefined,
      localShared: env.STORAGE_LOCAL_SHARED === 'true',
    },
    webhookBackoffScale: Math.max(0, int(env.WEBHOOK_BACKOFF_SCALE, 1)),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    alertDigest: {
      max: Math.max(1, Math.trunc(int(env.ALERT_DIGEST_MAX, ALERT_DIGEST_DEFAULTS.max))),
      windowMs: Math.max(1, int(env.ALERT_DIGEST_WINDOW_SECONDS, ALERT_DIGEST_DEFAULTS.windowSeconds)) * 1000,
    },
    limits: {
      signInPerAddress: parseLimit(env.SIGNIN_LIMIT_PER_ADDRESS, { max: 20, windowMs: 300_000 }),
      signInPerUser: parseLimit(env.SIGNIN_LIMIT_PER_USER, { max: 10, windowMs: 900_000 }),
      tokenPerAddress: parseLimit(env.TOKEN_LIMIT_PER_ADDRESS, { max: 60, windowMs: 300_000 }),
      openApiPerKey: parseLimit(env.OPEN_API_LIMIT_PER_KEY, { max: 20_000, windowMs: 10_000 }),
    },
    map: { tileUrl: env.MAP_TILE_URL || undefined, attribution: env.MAP_TILE_ATTRIBUTION || undefined },
    otaTickMs: Math.max(10, int(env.OTA_TICK_MS, 1000)),
    otaMinuteMs: Math.max(100, int(env.OTA_MINUTE_MS, 60_000)),
    pushTickMs: Math.max(10, int(env.PUSH_TICK_MS, 1000)),
    renderThreads: Math.min(16, Math.max(1, Math.floor(int(env.RENDER_THREADS, 1)))),
    renderTimeoutMs: Math.max(50, int(env.RENDER_TIMEOUT_MS, 2000)),
    publishInFlight: Math.min(PUBLISH_MAX, Math.max(1, Math.floor(int(env.PUBLISH_IN_FLIGHT, PUBLISH_MAX)))),
    publishBacklog: Math.max(0, Math.floor(int(env.PUBLISH_BACKLOG, 20_000))),
    jobResendMs: Math.max(100, Math.floor(int(env.JOB_RESEND_MS, 10_000))),
    jobWriteWaitMs: Math.min(1000, Math.max(1, Math.floor(int(env.JOB_WRITE_WAIT_MS, 5)))),
    imports: {
      chunkRows: Math.min(1000, Math.max(1, Math.floor(int(env.IMPORT_CHUNK_ROWS, 250)))),
      leaseMs: Math.max(100, Math.floor(int(env.IMPORT_LEASE_MS, 120_000))),
      claimEveryMs: Math.max(10, Math.floor(int(env.IMPORT_CLAIM_MS, 10_000))),
    },
    metrics: parseMetrics(env.METRICS, env.METRICS_TOKEN),
    shutdown: {
      delayMs: Math.max(0, int(env.SHUTDOWN_DELAY_MS, 0)),
      graceMs: Math.max(0, int(env.SHUTDOWN_GRACE_MS, 10_000)),
    },
    mqtt: {
      ...mqttListenAddress(env),
      tlsPort: int(env.MQTT_TLS_PORT, 8883),
      tlsCert: env.MQTT_TLS_CERT || undefined,
      tlsKey: env.MQTT_TLS_KEY || undefined,
      tlsCa: env.MQTT_TLS_CA || undefined,
      url: env.MQTT_URL || undefined,
      hookSecret: env.MQTT_HOOK_SECRET || undefined,
      provision: env.MQTT_PROVISION === 'dynsec' ? 'dynsec' : 'hooks',
      admin:
        env.MQTT_ADMIN_URL && env.MQTT_ADMIN_KEY && env.MQTT_ADMIN_SECRET
          ? { url: env.MQTT_ADMIN_URL, key: env.MQTT_ADMIN_KEY, secret: env.MQTT_ADMIN_SECRET }
          : undefined,
      clientId: env.MQTT_CLIENT_ID?.trim() || undefined,
      // MQTT 5 caps a session's expiry at 2^32-1 s; that value means "never"
      sessionExpirySec: Math.min(0xffffffff, Math.max(0, Math.floor(int(env.MQTT_SESSION_EXPIRY, 0)))),
      presenceGraceMs: Math.max(100, Math.floor(int(env.PRESENCE_CHECK_GRACE_MS, 30_000))),
    },
  };
}
