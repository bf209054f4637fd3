import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mosquittoBinary, writeDynsecConfig } from '../../packages/server/test/mosquitto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, log, sleep, tmpDirs, track, waitForPort } from '../../bench/processes';
import { builtServerCommand } from '../../scripts/build-server.mjs';

/**
 * The processes of a fault run, each started, killed and started again by the scenario: a
 * throwaway PostgreSQL (scripts/pg-temp.sh), a Mosquitto with dynamic security (devices
 * provisioned by Herald, so a disabled device is really kept out), and Herald nodes.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN_PASSWORD = 'Admin@12345';

export type Postgres = { url: string; stop: () => void };

/** scripts/pg-temp.sh start, stopped when the run ends. */
export function startPostgres(): Postgres {
  const out = execFileSync('bash', [path.join(ROOT, 'scripts/pg-temp.sh'), 'start'], { encoding: 'utf8' });
  const vars = Object.fromEntries(
    out
      .split('\n')
      .map((l) => /^(PG_TEMP_\w+)=(.*)$/.exec(l.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]!.replace(/^['"]|['"]$/g, '')]),
  );
  const dir = vars.PG_TEMP_DIR!;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    spawnSync('bash', [path.join(ROOT, 'scripts/pg-temp.sh'), 'stop', dir], { stdio: 'ignore' });
  };
  process.once('exit', stop);
  return { url: vars.PG_TEMP_URL!, stop };
}

export type Broker = {
  port: number;
  url: string;
  /** Herald's own client credentials in the URL */
  serverUrl: string;
  start(): Promise<void>;
  /** SIGTERM and wait; `kill9`: SIGKILL */
  stop(kill9?: boolean): Promise<void>;
};

export async function mosquitto(dir: string): Promise<Broker> {
  const admin = { user: 'herald-server', password: 'Srv-secret-1' };
  const port = await freePort();
  // what a device leaves while the servers are away is kept for them, up to a fleet's worth
  const conf = writeDynsecConfig(dir, admin, port, ['max_queued_messages 100000', 'log_type warning']);
  const logFile = fs.openSync(path.join(dir, 'mosquitto.log'), 'a');
  let child: ChildProcess | undefined;
  const broker: Broker = {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    serverUrl: `mqtt://${admin.user}:${admin.password}@127.0.0.1:${port}`,
    async start() {
      child = track(spawn(mosquittoBinary(), ['-c', conf], { stdio: ['ignore', logFile, logFile] }));
      await waitForPort(port, child);
    },
    async stop(kill9 = false) {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill(kill9 ? 'SIGKILL' : 'SIGTERM');
      await exited;
    },
  };
  await broker.start();
  return broker;
}

export type NodeOptions = { name: string; env: Record<string, string>; dir: string };

/** A Herald server process that can be killed and started again on the same port. */
export class HeraldNode {
  readonly port: Promise<number>;
  private child: ChildProcess | undefined;
  private readonly logPath: string;
  readonly name: string;
  constructor(private readonly opts: NodeOptions) {
    this.name = opts.name;
    this.port = freePort();
    this.logPath = path.join(opts.dir, `${opts.name}.log`);
  }

  get url(): Promise<string> {
    return this.port.then((p) => `http://127.0.0.1:${p}`);
  }
  get pid(): number | undefined {
    return this.child?.pid;
  }
  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Start and wait until it answers HTTP (it may still be connecting its devices). */
  async start(): Promise<void> {
    const port = await this.port;
    const out = fs.openSync(this.logPath, 'a');
    fs.writeSync(out, `\n==== start ${new Date().toISOString()}\n`);
    // the built server, as npm start and a supervisor run it (built first when its sources changed)
    const { command, args } = builtServerCommand();
    this.child = track(
      spawn(command, args, {
        cwd: ROOT,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          WEB_DIST: '',
          // info: a graceful stop's own account of its steps (stopSteps) is an info line
          LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'info',
          HERALD_ADMIN_PASSWORD: ADMIN_PASSWORD,
          MQTT_TLS_PORT: '-1',
          ...this.opts.env,
        },
        stdio: ['ignore', out, out],
      }),
    );
    fs.closeSync(out);
    await waitForPort(port, this.child, 120_000);
  }

  /**
   * SIGTERM (drain and stop) and wait for the exit, as a supervisor does: past 30 s it is killed.
   * `kill9`: SIGKILL, nothing finishes. Returns how long the stop took and whether it was killed.
   */
  async stop(kill9 = false): Promise<{ ms: number; killed: boolean }> {
    const c = this.child;
    const began = Date.now();
    if (!c || !this.running) return { ms: 0, killed: false };
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(kill9 ? 'SIGKILL' : 'SIGTERM');
    const done = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
    if (!done) {
      log(`${this.opts.name} did not stop within 30 s of SIGTERM: killed`);
      c.kill('SIGKILL');
      await exited;
    }
    return { ms: Date.now() - began, killed: !done };
  }

  /** The end of its log: what a failed run prints. */
  tail(lines = 40): string {
    const text = fs.existsSync(this.logPath) ? fs.readFileSync(this.logPath, 'utf8') : '';
    return text.split('\n').slice(-lines).join('\n');
  }

  /**
   * What its last graceful stop said of itself: the drain and each step of the close, in ms (the
   * `drained` and `closed` lines of its log), e.g. "drained 12; workers 0, gateway 41, http 6, …".
   */
  stopSteps(): string | undefined {
    const text = fs.existsSync(this.logPath) ? fs.readFileSync(this.logPath, 'utf8') : '';
    const run = text.slice(text.lastIndexOf('\n==== start'));
    const lines = run
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => {
        try {
          return JSON.parse(l) as { msg?: string; ms?: number | Record<string, number> };
        } catch {
          return {};
        }
      });
    const closed = lines.findLast((l) => l.msg === 'closed' || l.msg === 'closed slowly');
    if (!closed || typeof closed.ms !== 'object') return undefined;
    const drained = lines.findLast((l) => l.msg?.startsWith('drained'));
    const steps = Object.entries(closed.ms)
      .map(([step, ms]) => `${step} ${ms}`)
      .join(', ');
    return `${typeof drained?.ms === 'number' ? `drained ${drained.ms}; ` : ''}${steps}`;
  }

  /** Log lines at warn or above (JSON lines, level ≥ 40), for the report. */
  warnings(): string[] {
    const text = fs.existsSync(this.logPath) ? fs.readFileSync(this.logPath, 'utf8') : '';
    return text.split('\n').filter((l) => /"level":(4|5|6)\d/.test(l));
  }
}

export function runDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-faults-'));
  if (!process.env.KEEP_FAULT_LOGS) tmpDirs.push(dir);
  return dir;
}
