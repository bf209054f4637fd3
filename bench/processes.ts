import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { builtServerCommand } from '../scripts/build-server.mjs';

/**
 * What every bench does with processes and ports: log with a clock, start children it must not
 * leave behind (killed with their temp dirs on exit, also on Ctrl-C), stop them gracefully, find
 * free loopback ports and wait for a child to listen on one.
 */
export const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const children = new Set<ChildProcess>();
/** temp directories to remove when the bench exits */
export const tmpDirs: string[] = [];

export function track<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    log(`${sig}: stopping`);
    process.exit(130);
  });
}

/** Stop the device processes of a bench (each ends on 'stop', see exitOnStop) and wait for them. */
export async function stopDeviceWorkers(workers: ChildProcess[]) {
  for (const w of workers) if (w.connected) w.send({ type: 'stop' });
  await Promise.all(workers.map((w) => stopChild(w, 5000)));
}

export async function stopChild(child: ChildProcess, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  if (await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)])) return;
  child.kill('SIGKILL');
  await exited;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export async function waitForPort(port: number, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`child exited (${child.exitCode}) before listening on ${port}`);
    const ok = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        r(true);
      });
      s.once('error', () => r(false));
    });
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`nothing listening on ${port} after ${timeoutMs} ms`);
}

/**
 * A Mosquitto of the bench's own on a free loopback port: anonymous (the bench's devices are not
 * what is measured), no connection cap, no persistence; as root it keeps this user, or it would
 * switch to one that cannot read the temp dir. `port`: the one a restarted broker had, so its clients
 * find it again.
 */
export async function startMosquitto(binary: string, extra: string[] = [], port?: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mosquitto-bench-'));
  tmpDirs.push(dir);
  port ??= await freePort();
  const conf = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous true',
    'max_connections -1',
    'persistence false',
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    ...(process.getuid?.() === 0 ? [`user ${os.userInfo().username}`] : []),
    ...extra,
  ];
  fs.writeFileSync(path.join(dir, 'mosquitto.conf'), conf.join('\n') + '\n');
  const broker = track(
    spawn(binary, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'inherit', 'inherit'] }),
  );
  await waitForPort(port, broker);
  return { broker, port };
}

/** One field of /proc/<pid>/status in KiB (VmRSS, VmHWM). */
export function procStatus(pid: number, field: string): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/** CPU time (user + system, ms) a process has used so far: what it cost, whoever else shares the cores. */
export function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    // fields after the parenthesised command name; utime and stime are the 12th and 13th of those
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * A Herald server as `npm start` runs it (the built server, plain node; built first when its
 * sources changed), tracked: the embedded defaults on loopback ports, no TLS listener, no console,
 * warnings only. `env` overrides (an external broker or database); `nodeArgs` go before the entry
 * point (a CPU profile, V8 flags).
 */
export function spawnHerald(o: {
  dataDir: string;
  httpPort: number;
  mqttPort: number;
  nodeArgs?: string[];
  env?: NodeJS.ProcessEnv;
}): ChildProcess {
  const { command, args } = builtServerCommand(o.nodeArgs);
  return track(
    spawn(command, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: o.dataDir,
        HOST: '127.0.0.1',
        PORT: String(o.httpPort),
        MQTT_HOST: '127.0.0.1',
        MQTT_PORT: String(o.mqttPort),
        MQTT_TLS_PORT: '-1',
        LOG_LEVEL: 'warn',
        WEB_DIST: '',
        DATABASE_URL: '',
        MQTT_URL: '',
        ...o.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
}
