import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eventually } from './devices-fixture';
import { ADMIN_PASSWORD } from './harness';
import { freePort } from './mosquitto';

const REPO = path.resolve(import.meta.dirname, '../../..');

/**
 * What the tests that run the server as a process (main.ts, as a supervisor does) share: its
 * environment, its start and its end (on the PostgreSQL pass its database is harness.ts's testDatabase).
 */

/**
 * The environment of a server process: free loopback ports (HTTP, and MQTT for its embedded broker),
 * its data directory, no console, no TLS listener, the seeded admin's password; `databaseUrl` or
 * else the embedded database; `env` last. `base` is its HTTP address.
 */
export async function processEnv(o: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<{ env: NodeJS.ProcessEnv; base: string; mqttPort: number }> {
  const port = await freePort();
  const mqttPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    HERALD_ADMIN_PASSWORD: ADMIN_PASSWORD,
    PUBLIC_URL: base,
    WEB_DIST: '',
    LOG_LEVEL: 'info',
    MQTT_HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    MQTT_TLS_PORT: '-1',
    ...o.env,
  };
  delete env.MQTT_URL;
  if (o.databaseUrl) env.DATABASE_URL = o.databaseUrl;
  else delete env.DATABASE_URL;
  return { env, base, mqttPort };
}

/** A server process started by a test: what it has printed so far, its exit code, and a kill for the end. */
export type ServerProcess = {
  child: ChildProcess;
  /** stdout and stderr so far */
  output: () => string;
  exited: Promise<number | null>;
  /** SIGKILL when it still runs (a test's afterAll), and wait for its exit */
  kill: () => Promise<void>;
};

/** Starts `command` (builtServerCommand(), or the sources through tsx) from the repository's root. */
export function spawnServer(command: { command: string; args: string[] }, env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(command.command, command.args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Until `/readyz` at `base` answers 200; fails at once, with what it printed, if the process ends first. */
export async function untilReady(server: ServerProcess, base: string): Promise<void> {
  await eventually(async () => {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    return (await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200;
  }, 'the server ready');
}
