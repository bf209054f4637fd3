import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, testDatabase } from './harness';
import { eventually } from './devices-fixture';
import { processEnv, spawnServer, untilReady, type ServerProcess } from './server-process';

/**
 * SIGTERM to a real server process (main.ts): readiness goes false at once, requests are served
 * through SHUTDOWN_DELAY_MS, then refused with 503 while one in flight finishes, and the process
 * exits 0. On PGlite, or on a fresh database of TEST_DATABASE_URL.
 */
const DELAY_MS = 3_000;

let server: ServerProcess;
let base: string;
let dataDir: string;
let dropDatabase = async () => {};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-sigterm-'));
  // an empty database on PostgreSQL: this server migrates it, as a first start does
  const database = await testDatabase({ empty: true });
  if (database) dropDatabase = database.drop;
  let env: NodeJS.ProcessEnv;
  ({ env, base } = await processEnv({
    dataDir,
    databaseUrl: database?.url,
    env: { SHUTDOWN_DELAY_MS: String(DELAY_MS), SHUTDOWN_GRACE_MS: '30000' },
  }));
  // the sources through tsx, as `npm run dev:server` runs them (built-server.test.ts runs the bundle)
  server = spawnServer({ command: process.execPath, args: ['--import', 'tsx', 'packages/server/src/main.ts'] }, env);
  await untilReady(server, base);
});

afterAll(async () => {
  await server?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

/** A sign-in whose body is sent in two parts: in flight between them. */
function slowSignIn() {
  const body = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD });
  const req = http.request(`${base}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), answer };
}

describe('SIGTERM', () => {
  it('drains: not ready at once, served through the delay, then 503 with Retry-After; the request in flight finishes; exit 0', async () => {
    const { child, exited, output } = server;
    const signIn = slowSignIn();
    // its headers are in once a later request has had its answer
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    child.kill('SIGTERM');
    await eventually(async () => (await fetch(`${base}/readyz`)).status === 503, 'readiness false');
    const alive = await fetch(`${base}/oauth/alive`);
    // still within the delay: served, and told to close its connection
    expect(alive.status).toBe(200);
    expect(alive.headers.get('connection')).toBe('close');

    const refused = await eventually(async () => {
      const res = await fetch(`${base}/oauth/alive?lang=en_US`);
      return res.status === 503 ? res : undefined;
    }, 'refusals');
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toEqual({
      code: 50003,
      message: 'The server is shutting down, please try again shortly',
      data: null,
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    expect(child.exitCode).toBeNull();

    signIn.finish();
    const answer = await signIn.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 20000 });
    expect(await exited).toBe(0);
    expect(output()).toContain('draining: readiness is false');
    // the close names how long each of its steps took (a stop cut short by a supervisor shows where it waited)
    const closed = output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; ms?: Record<string, number>; total?: number })
      .find((l) => l.msg === 'closed');
    expect(Object.keys(closed?.ms ?? {})).toEqual(expect.arrayContaining(['workers', 'gateway', 'http', 'pipeline']));
    expect(closed?.total).toBeGreaterThanOrEqual(0);
  });
});
