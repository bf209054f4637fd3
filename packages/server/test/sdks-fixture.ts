import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The clients of sdks/ as child processes: their runtimes, build steps and runs. */

export const REPO = path.resolve(import.meta.dirname, '../../..');
const SDKS = path.join(REPO, 'sdks');

/** docs/open-api.md section 7's worked example, which every example verifies. */
export const DOC_WEBHOOK = {
  secret: 's3cr3t-0123456789abcdef0123456789abcdef',
  timestamp: '1767225601300',
  body: '{"sn":"HP58A0001","kind":"print","event":"print","jobId":41,"msgId":"3f0c2b9e-6d41-4a8e-9c3f-5b1d7e2a4c60","amount":null,"reason":null,"status":3,"ackedAt":"2026-01-01T00:00:00.019Z","orderId":"ORD-20260101-0001","currency":null,"expireAt":"2026-01-01T00:05:00.000Z","pushedAt":"2026-01-01T00:00:00.004Z","latencyMs":19,"finishedAt":"2026-01-01T00:00:01.200Z","paymentType":null,"requestedAt":"2026-01-01T00:00:00.000Z"}',
  signature: 'bfa5c6ea545f8f6ba7204925f042830e111b98fdaadd8c1b601462571a132fd0',
};

export type Run = { code: number | null; stdout: string; stderr: string };

type Command = { cmd: string; args: string[]; cwd: string; env?: Record<string, string> };

export type Example = {
  name: string;
  /** the file holding the example (it carries the documented samples) */
  source: string;
  /** command → the Debian package that brings it */
  runtimes: Record<string, string>;
  /** compile once per test file, into `out` (a fresh temp folder) */
  build?: (out: string) => Command;
  run: (out: string) => Command;
};

/** Go's build cache outlives the test run (a cold build of net/http takes tens of seconds). */
const goEnv = () => {
  const cache = process.env.GOCACHE || path.join(os.tmpdir(), 'herald-sdks-gocache');
  mkdirSync(cache, { recursive: true });
  // no module is fetched (the client has no dependencies) and no other toolchain either
  return { GOCACHE: cache, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local', GO111MODULE: 'on' };
};

export const EXAMPLES: Example[] = [
  {
    name: 'python',
    source: 'sdks/python/example.py',
    runtimes: { python3: 'python3' },
    run: () => ({
      cmd: 'python3',
      args: ['example.py'],
      cwd: path.join(SDKS, 'python'),
      // no __pycache__ left in the work tree
      env: { PYTHONDONTWRITEBYTECODE: '1' },
    }),
  },
  {
    name: 'php',
    source: 'sdks/php/example.php',
    runtimes: { php: 'php-cli' },
    run: () => ({ cmd: 'php', args: ['example.php'], cwd: path.join(SDKS, 'php') }),
  },
  {
    name: 'java',
    source: 'sdks/java/src/Example.java',
    runtimes: { javac: 'default-jdk-headless', java: 'default-jdk-headless' },
    build: (out) => ({
      cmd: 'javac',
      args: ['-d', out, 'src/herald/HeraldClient.java', 'src/Example.java'],
      cwd: path.join(SDKS, 'java'),
    }),
    run: (out) => ({ cmd: 'java', args: ['-cp', out, 'Example'], cwd: path.join(SDKS, 'java') }),
  },
  {
    name: 'go',
    source: 'sdks/go/example/main.go',
    runtimes: { go: 'golang-go' },
    build: (out) => ({
      cmd: 'go',
      args: ['build', '-o', path.join(out, 'example'), './example'],
      cwd: path.join(SDKS, 'go'),
      env: goEnv(),
    }),
    run: (out) => ({ cmd: path.join(out, 'example'), args: [], cwd: path.join(SDKS, 'go') }),
  },
];

const VERSION_ARGS: Record<string, string[]> = { go: ['version'], java: ['-version'], javac: ['-version'] };

/** Fails (never skips) when a runtime is missing, naming the Debian package to install. */
export function requireRuntimes(ex: Example): void {
  const missing = Object.entries(ex.runtimes).filter(([cmd]) => {
    const r = spawnSync(cmd, VERSION_ARGS[cmd] ?? ['--version'], { stdio: 'ignore', timeout: 30_000 });
    return r.error !== undefined;
  });
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map(([, pkg]) => pkg))].join(' ');
  throw new Error(
    `the ${ex.name} example needs ${missing.map(([cmd]) => cmd).join(', ')}: install the Debian package(s) ` +
      `${packages} (apt-get install -y ${packages}; npm test does it when run as root)`,
  );
}

/** Children reach only this machine: proxies from the environment are dropped. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (/^(https?|all|no)_proxy$/i.test(k)) delete env[k];
  return { ...env, ...extra };
}

/** Runs a command without blocking the event loop (the server under test lives in this process). */
export function run(c: Command, env: Record<string, string> = {}, timeoutMs = 120_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(c.cmd, c.args, { cwd: c.cwd, env: childEnv({ ...c.env, ...env }), stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => (clearTimeout(timer), reject(err)));
    child.on('close', (code) => (clearTimeout(timer), resolve({ code, stdout, stderr })));
  });
}

const builds = new Map<string, Promise<string>>();
const outDirs: string[] = [];

/** The example's build output folder, built on first use. */
function built(ex: Example): Promise<string> {
  let b = builds.get(ex.name);
  if (!b) {
    const out = mkdtempSync(path.join(os.tmpdir(), `herald-sdk-${ex.name}-`));
    outDirs.push(out);
    b = (async () => {
      if (ex.build) {
        const r = await run(ex.build(out));
        if (r.code !== 0) throw new Error(`building the ${ex.name} example failed:\n${r.stdout}\n${r.stderr}`);
      }
      return out;
    })();
    builds.set(ex.name, b);
  }
  return b;
}

export async function runExample(ex: Example, env: Record<string, string>): Promise<Run> {
  requireRuntimes(ex);
  return run(ex.run(await built(ex)), env);
}

export function removeBuilds(): void {
  for (const d of outDirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/**
 * A load balancer on loopback: the first request goes to `first` (a node that drains), every
 * later one to `rest`. Records each request's path and the status it was answered with.
 */
export async function startBalancer(first: string, rest: string) {
  const seen: { path: string; status: number }[] = [];
  let count = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(req.url ?? '/', count++ === 0 ? first : rest);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      fetch(target, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
        .then(async (answer) => {
          const body = Buffer.from(await answer.arrayBuffer());
          seen.push({ path: target.pathname, status: answer.status });
          const out: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? '' };
          const after = answer.headers.get('retry-after');
          if (after) out['retry-after'] = after;
          res.writeHead(answer.status, out).end(body);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((r) => server.close(r)),
  };
}
