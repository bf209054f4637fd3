import path from 'node:path';

/** Every setting Herald reads from the environment, with its default (documented in README). */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; unset → embedded PGlite under dataDir/pgdata */
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** address people use to reach the console; used in mailed links */
  publicUrl: string;
  logLevel: string;
  /** built console to serve; unset or missing → API only */
  webDist: string | undefined;
  /** Allowed redirect-address origins for the authorisation-code flow besides publicUrl */
  allowedRedirectOrigins: string[];
  bodyLimitBytes: number;
};

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
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.HERALD_ADMIN_PASSWORD || undefined,
    accessTokenTtlSec: int(env.ACCESS_TOKEN_TTL, 3600),
    refreshTokenTtlSec: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Herald <no-reply@herald.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.WEB_DIST === undefined ? path.join(root, 'packages/web/dist') : env.WEB_DIST || undefined,
    allowedRedirectOrigins: (env.ALLOWED_REDIRECT_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
  };
}
