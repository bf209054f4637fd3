import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from './harness';
import { eventually } from './devices-fixture';
import { freePort } from './mosquitto';

/**
 * SIGTERM to a real server process (main.ts): readiness goes false at once, requests are served
 * through SHUTDOWN_DELAY_MS, then refused with 503 while one in flight finishes, and the process
 * exits 0. On PGlite, or on a fresh database of TEST_DATABASE_URL.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const DELAY_MS = 3_000;

let child: ChildProcess;
let base: string;
let output = '';
let dataDir: string;
let dropDatabase = async () => {};

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-sigterm-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    HERALD_ADMIN_PASSWORD: ADMIN_PASSWORD,
    PUBLIC_URL: base,
    WEB_DIST: '',
    LOG_LEVEL: 'info',
    MQTT_HOST: '127.0.0.1',
    MQTT_PORT: String(await freePort()),
    SHUTDOWN_DELAY_MS: String(DELAY_MS),
    SHUTDOWN_GRACE_MS: '30000',
  };
  delete env.DATABASE_URL;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `herald_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    return (await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200;
  }, 'the server ready');
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
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
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
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
    expect(output).toContain('draining: readiness is false');
    // the close names how long each of its steps took (a stop cut short by a supervisor shows where it waited)
    const closed = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; ms?: Record<string, number>; total?: number })
      .find((l) => l.msg === 'closed');
    expect(Object.keys(closed?.ms ?? {})).toEqual(expect.arrayContaining(['workers', 'gateway', 'http', 'pipeline']));
    expect(closed?.total).toBeGreaterThanOrEqual(0);
  });
});
