import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import { loadConfig, type Config } from '../src/config';
import { createServer, type Server } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { adminQuery } from './global-setup';
import { keptEmbedded } from './pglite-kept';

export const ADMIN_PASSWORD = 'Admin@12345';

export type TestServer = Server & {
  dbName?: string;
  /** stops this server and starts another on the same database: a restart of the process */
  restart: (meanwhile?: () => Promise<void>) => Promise<TestServer>;
};

const configEnv = () => ({
  HERALD_ADMIN_PASSWORD: ADMIN_PASSWORD,
  WEB_DIST: '',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://localhost:8080',
  // every test file gets its own embedded broker on a free loopback port
  MQTT_HOST: '127.0.0.1',
  MQTT_PORT: '0',
});

/** Where a test reads what the server logs: each line as written (JSON). */
export type LogSink = (line: string) => void;
type LogTo = { logger: false } | { logStream: { write: LogSink } };

/**
 * A fresh server on a fresh database: in-memory PGlite, or — when TEST_DATABASE_URL points at
 * a PostgreSQL server — a new database created for this test file and dropped afterwards. Both
 * start from the run's migrated copy (global-setup.ts).
 * With `log`, the server logs as in production (LOG_LEVEL, default info) into it; else nothing.
 */
export async function startServer(env: Record<string, string> = {}, log?: LogSink): Promise<TestServer> {
  // migrated once for the run (global-setup.ts)
  const created = await testDatabase();
  if (!created) return startEmbeddedServer(inject('pgliteSnapshot'), env, log);
  const { config, logger } = configured(env, log);
  const database = await openDatabase({ databaseUrl: created.url, poolMax: config.databasePoolMax });
  const server = await onDatabase(
    { ...config, databaseUrl: created.url },
    database,
    async () => {
      await database.close();
      await created.drop();
    },
    logger,
  );
  return { ...server, dbName: created.name };
}

/**
 * When TEST_DATABASE_URL points at a PostgreSQL server, a database of its own there: from the run's
 * migrated template (global-setup.ts), or `empty` for a server to migrate itself; `drop` removes it.
 * Undefined on PGlite.
 */
export async function testDatabase(
  o: { empty?: boolean } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `herald_test_${randomBytes(6).toString('hex')}`;
  const template = o.empty ? '' : inject('pgTemplate');
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A server on an embedded database from `snapshot`, one of those kept open between files (pglite-kept.ts). */
export async function startEmbeddedServer(
  snapshot: string,
  env: Record<string, string> = {},
  log?: LogSink,
): Promise<TestServer> {
  const { config, logger } = configured(env, log);
  const database = await openDatabase({ embedded: keptEmbedded(snapshot) });
  return onDatabase(config, database, () => database.close(), logger);
}

/** With `log`, the server logs as in production (LOG_LEVEL, default info) into it; else nothing. */
const configured = (env: Record<string, string>, log?: LogSink): { config: Config; logger: LogTo } => ({
  config: testConfig(log ? { LOG_LEVEL: 'info', ...env } : env),
  logger: log ? { logStream: { write: log } } : { logger: false },
});

const testConfig = (env: Record<string, string>): Config => loadConfig({ ...configEnv(), ...env } as NodeJS.ProcessEnv);

/**
 * Another node on a test server's database (`server.deps.config.databaseUrl`, PostgreSQL only:
 * TEST_DATABASE_URL), with a configuration of its own; its pool closes with it, the database stays.
 */
export async function startAnotherNode(databaseUrl: string, env: Record<string, string> = {}): Promise<Server> {
  const database = await openDatabase({ databaseUrl });
  try {
    const server = await createServer({ ...testConfig(env), databaseUrl }, { database, logger: false, jobs: false });
    return { ...server, close: async () => (await server.close(), await database.close()) };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/**
 * A second server process on `server`'s database (the production path's N nodes): on PostgreSQL
 * with a pool of its own; on the embedded database (one per process) sharing its handle.
 * Closing it leaves the database to `server`.
 */
export async function startPeer(server: TestServer, env: Record<string, string> = {}): Promise<Server> {
  // both servers run in this process on one DATA_DIR: their local files are one shared folder, so the
  // peer does not claim local storage (a second claim on PostgreSQL is refused: storage/local-claim.ts)
  const config = { ...server.deps.config, ...testConfig({ STORAGE_LOCAL_SHARED: 'true', ...env }) };
  const url = server.deps.config.databaseUrl;
  if (!url) return createServer(config, { database: server.database, logger: false, jobs: false });
  const database = await openDatabase({ databaseUrl: url });
  const peer = await createServer({ ...config, databaseUrl: url }, { database, logger: false, jobs: false });
  return { ...peer, close: async () => (await peer.close(), await database.close()) };
}

async function onDatabase(
  config: Config,
  database: Database,
  dropDatabase: () => Promise<void>,
  logger: LogTo = { logger: false },
): Promise<TestServer> {
  const server = await createServer(config, { database, ...logger, jobs: false });
  return {
    ...server,
    close: async () => (await server.close(), await dropDatabase()),
    restart: async (meanwhile) => {
      await server.close();
      await meanwhile?.();
      return onDatabase(config, database, dropDatabase, logger);
    },
  };
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Res = { status: number; body: Json };

/** A tiny API client over app.inject, holding a bearer token. */
export class Client {
  token: string | undefined;
  refreshToken: string | undefined;
  constructor(
    private readonly server: Server,
    private readonly lang = 'en_US',
  ) {}

  withLang(lang: string): Client {
    const c = new Client(this.server, lang);
    c.token = this.token;
    c.refreshToken = this.refreshToken;
    return c;
  }

  async call(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Res> {
    const sep = url.includes('?') ? '&' : '?';
    const res = await this.server.app.inject({
      method: method as 'GET',
      url: `${url}${sep}lang=${this.lang}`,
      payload: payload as Json,
      headers: { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
    });
    let body: Json;
    try {
      body = res.json();
    } catch {
      body = { raw: res.body };
    }
    return { status: res.statusCode, body };
  }
  get = (url: string) => this.call('GET', url);
  post = (url: string, payload?: unknown) => this.call('POST', url, payload ?? {});
  put = (url: string, payload?: unknown) => this.call('PUT', url, payload ?? {});
  delete = (url: string) => this.call('DELETE', url);

  /** Direct login; returns the client for chaining. Fails the test when login fails. */
  async login(username: string, password: string): Promise<Client> {
    const res = await this.post('/user/login', { username, password });
    expect(res.body.code, JSON.stringify(res.body)).toBe(20000);
    this.token = res.body.data.authInfo;
    this.refreshToken = res.body.data.refreshToken;
    return this;
  }
}

/** Sign in as the seeded admin and get past the forced initial password change. */
export async function adminClient(server: Server, newPassword = 'Admin@67890'): Promise<Client> {
  const c = await new Client(server).login('admin', ADMIN_PASSWORD);
  const res = await c.post('/users/current/password', {
    oldPassword: ADMIN_PASSWORD,
    newPassword,
    confirmPassword: newPassword,
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(20000);
  return c;
}

export function expectOk(res: Res): Json {
  expect(res.body.code, JSON.stringify(res.body)).toBe(20000);
  return res.body.data;
}

export function expectError(res: Res, code: number, message?: string): void {
  expect(res.body.code, JSON.stringify(res.body)).toBe(code);
  if (message !== undefined) expect(res.body.message).toBe(message);
}
