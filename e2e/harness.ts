import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Mail } from '@herald/contract';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { serverCommand } from '../scripts/build-server.mjs';
import { rememberFields, rememberSecret, secretsInLog } from './log-secrets';

/**
 * End-to-end harness: a real Herald server (its own process, port and data directory) and a real
 * Chromium. Typical use:
 *
 *   let herald: Herald;
 *   beforeAll(async () => (herald = await startHerald()));
 *   afterAll(() => herald?.stop());
 *   test('...', async () => { const page = await herald.newPage(); await page.goto('/'); ... });
 *
 * When a test fails, every page still open is saved as a screenshot in test-results/
 * (screenshots.ts), and the server's log is always in test-results/herald-<port>.log. stop() fails
 * when that log shows a password, token or secret the tests used (secretsInLog).
 */

export const ROOT = path.resolve(import.meta.dirname, '..');
export const ADMIN_PASSWORD = 'Admin@12345';
rememberSecret(ADMIN_PASSWORD, 'the initial admin password');
export const RESULTS_DIR = path.join(ROOT, 'test-results');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // V8's optimising tiers (TurboFan, Maglev) off: a test's pages live seconds, and compiling their
  // hot code again took more CPU than it saved. The renderers were 57 % of the e2e stage's CPU;
  // shell.test.ts's fell from 49-52 s to 37-39 s of CPU (tours, one page for minutes, 118 → 112 s).
  // Each tier alone did less (--no-opt 42 s; --no-maglev 56 s: Maglev then does TurboFan's work).
  '--js-flags=--no-opt --no-maglev',
];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type ApiResponse = { status: number; body: Json };

/** A small HTTP client for the admin API; `token` is sent as a bearer token. */
export class ApiClient {
  token: string | undefined;
  constructor(readonly baseUrl: string) {}

  async call(method: string, url: string, payload?: unknown): Promise<ApiResponse> {
    rememberFields(payload, `sent to ${url}`);
    const res = await fetch(new URL(url, this.baseUrl), {
      method,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const text = await res.text();
    let body: Json;
    try {
      body = JSON.parse(text) as Json;
      rememberFields(body.data, `answered by ${url}`);
    } catch {
      body = { raw: text };
    }
    return { status: res.status, body };
  }
  get = (url: string) => this.call('GET', url);
  post = (url: string, payload: unknown = {}) => this.call('POST', url, payload);

  /** Direct sign-in (POST /user/login); keeps the access token for later calls. */
  async login(username: string, password: string): Promise<this> {
    const res = await this.post('/user/login', { username, password });
    expect(res.body.code, `login ${username}: ${JSON.stringify(res.body)}`).toBe(20000);
    this.token = res.body.data.authInfo as string;
    return this;
  }

  /** The mail outbox (GET /v1/mails, newest first; needs an operator token), e.g. `mails({ to })`. */
  async mails(query: Record<string, string> = {}): Promise<{ list: Mail[]; total: number }> {
    const qs = new URLSearchParams(query).toString();
    const res = await this.get(`/v1/mails${qs ? `?${qs}` : ''}`);
    expect(res.body.code, `GET /v1/mails: ${JSON.stringify(res.body)}`).toBe(20000);
    return res.body.data as { list: Mail[]; total: number };
  }

  /** The newest mail to an address; fails the test when there is none. */
  async latestMail(to: string): Promise<Mail> {
    const { list } = await this.mails({ to });
    expect(list.length, `no mail to ${to} in the outbox`).toBeGreaterThan(0);
    return list[0]!;
  }
}

export type Herald = {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** the embedded broker's loopback port (mqtt://127.0.0.1:mqttPort), for the file's simulated devices */
  mqttPort: number;
  dataDir: string;
  adminPassword: string;
  browser: Browser;
  /**
   * A page in a fresh browser context (its own cookies and session storage), relative URLs resolve to `url`.
   * The browser asks for reduced motion unless told otherwise: the console then has no animations, so a
   * click never lands on a dialog that is still zooming in (on a loaded machine such a click was lost).
   */
  newPage(options?: { motion?: boolean }): Promise<Page>;
  /** A new API client for this server (not signed in). */
  api(): ApiClient;
  /** Everything the server has written to stdout and stderr so far. */
  log(): string;
  stop(): Promise<void>;
};

/** The pages of every server running in this worker, for the screenshots of a failed test (screenshots.ts). */
export const running = new Set<{ pages: Set<Page>; contexts: Set<BrowserContext> }>();

/**
 * One Chromium per worker, launched by its first file and kept for the next (the e2e project does
 * not isolate its files): a launch cost a second or two of CPU per file, and every server's pages
 * live in contexts of their own anyway, which its stop() closes. It ends with the worker (Playwright
 * closes what it launched when the process exits).
 */
let sharedBrowser: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  const ready = sharedBrowser;
  if (ready) return ready.then((b) => (b.isConnected() ? b : relaunch()));
  return relaunch();
}
function relaunch(): Promise<Browser> {
  const launching = chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
    args: CHROMIUM_ARGS,
  });
  sharedBrowser = launching;
  // a failed launch is not kept: the next file tries again
  launching.catch(() => sharedBrowser === launching && (sharedBrowser = undefined));
  return launching;
}

/**
 * The server process, the built one (as npm start runs it). Its stdout and stderr go straight into `logFile`
 * (a file descriptor of its own, not a pipe read by this worker): copying a whole file's request
 * log through the worker's event loop into a string and the file cost the worker more CPU than the
 * rest of its work, and log() reads the file when it is asked.
 */
function spawnServer(env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const fd = fs.openSync(logFile, 'w');
  try {
    // e2e/global-setup.ts builds it once for the run. V8's optimising compiler off (Maglev is off
    // by default in Node 20), as in the browser (CHROMIUM_ARGS): a test's server lives a minute or
    // two at a few requests a second, and compiling its hot code again cost more than it saved
    // (three files' servers, 8.9-9.4 s of CPU each with it, 7.9-8.5 s without). The same for the
    // embedded database's WebAssembly (--liftoff-only: its baseline code, never recompiled by
    // TurboFan in the background): a server's CPU until ready 4.7-4.8 s with the tier-up, 2.4-2.9 s
    // without; three files 58-60 s of CPU in all, 45-50 s without (docs/benchmarks.md, the twentieth
    // session). The server's behaviour is the same either way.
    const { command, args } = serverCommand(['--no-opt', '--liftoff-only']);
    return spawn(command, args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', fd, fd],
    });
  } finally {
    // the child has its own copy
    fs.closeSync(fd);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a Herald server on a free loopback port with a fresh data directory, and Chromium. */
export async function startHerald(opts: { env?: Record<string, string> } = {}): Promise<Herald> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-e2e-'));
  // the run's migrated embedded database (global-setup.ts), unless the server is to use PostgreSQL
  const pgdata = inject('e2ePgdata');
  if (pgdata && !opts.env?.DATABASE_URL) fs.cpSync(pgdata, path.join(dataDir, 'pgdata'), { recursive: true });
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const logFile = path.join(RESULTS_DIR, `herald-${port}.log`);
  const output = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    HERALD_ADMIN_PASSWORD: ADMIN_PASSWORD,
    PUBLIC_URL: url,
    WEB_DIST: path.join(ROOT, 'packages/web/dist'),
    LOG_LEVEL: 'info',
    // the embedded broker on a free loopback port, never the shared 1883
    MQTT_HOST: '127.0.0.1',
    MQTT_PORT: String(await freePort()),
    ...opts.env,
  };
  // the embedded PGlite and broker unless a test asks otherwise (a shell's MQTT_URL would send the
  // server to that broker, and mqttPort would name nothing); never mail anyone for real
  if (!opts.env?.DATABASE_URL) delete env.DATABASE_URL;
  if (!opts.env?.MQTT_URL) delete env.MQTT_URL;
  if (!opts.env?.SMTP_URL) delete env.SMTP_URL;

  const child = spawnServer(env, logFile);

  let browser: Browser | undefined;
  const herald = { pages: new Set<Page>(), contexts: new Set<BrowserContext>() };
  const cleanup = async () => {
    running.delete(herald);
    // this server's contexts, and any a test made itself that no other running server owns; the
    // browser stays for the next file
    const others = new Set([...running].flatMap((h) => [...h.contexts]));
    const mine = browser?.isConnected() ? browser.contexts().filter((c) => !others.has(c)) : [];
    await Promise.all(mine.map((c) => c.close().catch(() => {})));
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    await cleanup();
    const shown = secretsInLog(output());
    if (shown.length) throw new Error(`${path.relative(ROOT, logFile)} shows ${shown.join('; ')}`);
  };

  try {
    // the browser starts while the server does
    const launching = workerBrowser();
    launching.catch(() => {});
    await waitUntilServing(url, child, output);
    browser = await launching;
  } catch (err) {
    await cleanup();
    throw err;
  }
  running.add(herald);
  const launched = browser;

  return {
    url,
    port,
    mqttPort: Number(env.MQTT_PORT),
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    browser: launched,
    async newPage(options) {
      const context = await launched.newContext({
        baseURL: url,
        viewport: { width: 1440, height: 900 },
        reducedMotion: options?.motion ? 'no-preference' : 'reduce',
      });
      herald.contexts.add(context);
      context.on('close', () => herald.contexts.delete(context));
      const page = await context.newPage();
      herald.pages.add(page);
      page.on('close', () => {
        herald.pages.delete(page);
        void context.close().catch(() => {});
      });
      return page;
    },
    api: () => new ApiClient(url),
    log: output,
    stop,
  };
}

/** Ready when /oauth/alive answers 200, or — before that route exists — /openapi.json answers at all. */
async function waitUntilServing(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  const tail = () => log().split('\n').slice(-40).join('\n');
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Herald exited (${child.exitCode ?? child.signalCode}) before serving:\n${tail()}`);
    }
    try {
      const alive = await fetch(`${url}/oauth/alive`, { signal: AbortSignal.timeout(2000) });
      if (alive.ok) return;
      await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`Herald did not answer on ${url} within ${timeoutMs / 1000}s:\n${tail()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
