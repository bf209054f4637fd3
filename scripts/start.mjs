// `npm start`: build the console and the server when their sources are newer than their last
// builds, then run the built server (API + console) in the foreground with plain node. Signals go
// to the server; its exit code is ours.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildNeeded, ensureServerBuilt, serverCommand } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const builtIndex = path.join(web, 'dist/index.html');
const sources = [
  path.join(web, 'src'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(root, 'packages/contract/src'),
];

const reason = fs.existsSync(path.join(web, 'index.html')) ? buildNeeded(builtIndex, sources) : undefined;
if (reason) {
  console.log(`Building the console (${reason})...`);
  // npm_execpath is npm's own CLI when we run under `npm start`; otherwise use npm from PATH
  const npm = process.env.npm_execpath;
  const args = ['run', 'build', '-w', '@herald/web'];
  const build = npm
    ? spawnSync(process.execPath, [npm, ...args], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`Console build failed (${build.error?.message ?? `exit ${build.status ?? build.signal}`})`);
    process.exit(build.status || 1);
  }
} else if (!fs.existsSync(builtIndex)) {
  console.warn('No console sources in packages/web: serving the API only.');
}

try {
  await ensureServerBuilt();
} catch (err) {
  console.error(`Server build failed (${err instanceof Error ? err.message : String(err)})`);
  process.exit(1);
}

// The server gets its own process group, so a Ctrl-C in the terminal reaches it once (forwarded
// by us) rather than twice, which would cut its graceful shutdown short.
const { command, args } = serverCommand();
const server = spawn(command, args, {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const sig of forwarded) {
  process.on(sig, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(sig);
  });
}

process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

server.on('error', (err) => {
  console.error(`Could not start the server: ${err.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  if (signal) {
    // die of the same signal, so whoever started us sees what really happened
    for (const sig of forwarded) process.removeAllListeners(sig);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
