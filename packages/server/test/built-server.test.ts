import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntry, builtServerCommand } from '../../../scripts/build-server.mjs';
import { ADMIN_PASSWORD } from './harness';
import { eventually } from './devices-fixture';
import { processEnv, spawnServer, untilReady, type ServerProcess } from './server-process';

/**
 * The server as `npm start` and a supervisor run it: the esbuild bundle (scripts/build-server.mjs)
 * with plain node, no TypeScript loader. Its worker threads load from the bundle's folder, its
 * migrations are found beside it, and main.ts opens the embedded database before the server's
 * modules load. Always on the embedded database (a fresh data directory): what the bundle must
 * carry is the database's thread; PostgreSQL is reached by the same driver either way.
 */

let dataDir: string;
const started: ServerProcess[] = [];

function startBuilt(env: NodeJS.ProcessEnv): ServerProcess {
  const server = spawnServer(builtServerCommand(), env);
  started.push(server);
  return server;
}

async function serverEnv(): Promise<NodeJS.ProcessEnv & { base: string }> {
  // the embedded database whichever pass runs it (processEnv without a databaseUrl)
  const { env, base } = await processEnv({ dataDir, env: { LOG_LEVEL: 'warn' } });
  return { ...env, base };
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-built-'));
});

afterAll(async () => {
  for (const server of started) await server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server', () => {
  it(
    'starts with plain node on a fresh data directory, serves a sign-in from its database, refuses a second server on the same directory, and exits 0 on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const env = await serverEnv();
      const server = startBuilt(env);
      await untilReady(server, env.base);

      // the operator admin was seeded and read back through the database's thread (pglite-worker.mjs beside main.mjs)
      const signIn = await fetch(`${env.base}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      const body = (await signIn.json()) as { code: number; data?: { authInfo?: unknown } };
      expect(body.code, JSON.stringify(body)).toBe(20000);
      expect(body.data?.authInfo).toEqual(expect.any(String));

      // main.ts opens the data directory before it loads the server: a second server is refused there, in one line
      const second = startBuilt(await serverEnv());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `Herald could not start: the embedded database in ${path.join(dataDir, 'pgdata')} is in use by process ${server.child.pid}`,
      );

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );

  it(
    'takes MQTT connections from its first moment and answers them once its broker is up (a restarting server refuses no device)',
    { timeout: 120_000 },
    async () => {
      const env: NodeJS.ProcessEnv & { base: string } = { ...(await serverEnv()), LOG_LEVEL: 'info' };
      const server = startBuilt(env);
      // a device trying from the moment the process exists, as a fleet does after a restart
      const device = await eventually(
        () =>
          new Promise<{ socket: net.Socket; connectedAt: number } | undefined>((resolve) => {
            const socket = net.connect({ host: '127.0.0.1', port: Number(env.MQTT_PORT) });
            socket.once('connect', () => resolve({ socket, connectedAt: Date.now() }));
            socket.once('error', () => resolve(undefined));
          }),
        'the MQTT port open',
      );
      const answer = new Promise<{ at: number; packet: Buffer }>((resolve) =>
        device.socket.once('data', (packet) => resolve({ at: Date.now(), packet })),
      );
      device.socket.write(mqttConnect('HELD000001', 'HELD000001|1', 'not-its-password'));
      const { at: answeredAt, packet } = await answer;
      device.socket.destroy();
      // a CONNACK (type 2), refusing these credentials: the broker read the CONNECT it was sent before it existed
      expect(packet[0]).toBe(0x20);
      expect(packet[3]).not.toBe(0);

      await eventually(async () => (await fetch(`${env.base}/readyz`).catch(() => undefined))?.status === 200, 'ready');
      const started = server
        .output()
        .split('\n')
        .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { msg?: string; time?: number }) : {}))
        .find((l) => l.msg === 'embedded MQTT broker started');
      expect(started?.time, server.output()).toEqual(expect.any(Number));
      // taken well before the broker listened (the server loaded its modules and opened its database meanwhile) ...
      expect(device.connectedAt).toBeLessThan(started!.time! - 200);
      // ... and answered by it
      expect(answeredAt).toBeGreaterThanOrEqual(started!.time! - 50);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
  );

  it('loads the packages only some servers or requests need on first use, not at its start', () => {
    builtServerCommand();
    const dist = path.dirname(builtEntry);
    const chunks = fs.readdirSync(dist).filter((f) => f.endsWith('.mjs'));
    // a static import in any chunk is loaded with it; main.ts reaches every chunk of the server at its start
    const staticImports = new Set(
      chunks.flatMap((f) =>
        [...fs.readFileSync(path.join(dist, f), 'utf8').matchAll(/\bfrom "([^".][^"]*)"/g)].map((m) => m[1]),
      ),
    );
    for (const pkg of ['exceljs', '@e965/xlsx', 'nodemailer', 'undici', 'mqtt'])
      expect(staticImports).not.toContain(pkg);
    // still there, loaded when needed
    const all = chunks.map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
    for (const pkg of ['exceljs', '@e965/xlsx', 'nodemailer', 'undici', 'mqtt'])
      expect(all).toContain(`import("${pkg}")`);
  });
});

/** An MQTT 3.1.1 CONNECT with a user name and password (clean session, 60 s keepalive). */
function mqttConnect(clientId: string, username: string, password: string): Buffer {
  const str = (v: string) => {
    const b = Buffer.from(v);
    return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
  };
  const body = Buffer.concat([str('MQTT'), Buffer.from([4, 0xc2, 0, 60]), str(clientId), str(username), str(password)]);
  return Buffer.concat([Buffer.from([0x10, body.length]), body]);
}
