// The server as plain JavaScript: one esbuild bundle of packages/server (the contract's TypeScript
// inside it, every other package left to node_modules) that `node` runs without a TypeScript
// loader. Compiling the sources at every start (tsx) was most of a restart's main-thread time,
// and a restart's length decides how far the devices' reconnect back-off has grown (issue 31).
//
// `node scripts/build-server.mjs` builds; start.mjs and the benches call ensureServerBuilt() and
// serverCommand() so that everything that starts a production server starts the same one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'packages/server');
// beside src/, at the same depth: config.ts finds the repository root three folders up from either
const dist = path.join(server, 'dist');
export const builtEntry = path.join(dist, 'main.mjs');

const sources = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  path.join(root, 'packages/contract/src'),
  path.join(root, 'package-lock.json'),
  import.meta.filename,
];

/** Newest modification time of a file, or of any file below a directory (0 if absent). */
export function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Why a build (`built`, its output file) must be made again, or undefined when it is newer than its `sources`. */
export function buildNeeded(built, sources) {
  const at = newestMtime(built);
  if (at === 0) return 'no build yet';
  return Math.max(...sources.map(newestMtime)) > at ? 'sources changed since the last build' : undefined;
}

/** Why the server must be built again, or undefined when its build is newer than its sources. */
export const serverBuildNeeded = () => buildNeeded(builtEntry, sources);

/**
 * How the server is bundled, whatever its entries (`outdir`, `entryPoints`): also what
 * bundle-stack-traces.test.ts builds its bundle with.
 */
export const bundleOptions = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // main.ts imports the server dynamically, after starting the database's thread: split, the
  // server's packages load then; in one file every import would load before main's first line.
  // Chunks stay beside main.mjs (config.ts and db/client.ts find files relative to their own folder).
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // stack traces name the .ts lines: main.ts and the workers read these maps when a stack is
  // formatted (lib/bundle-stack-traces.mjs; node --enable-source-maps would parse every package's maps at start)
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  // a bundled CommonJS file would call require(); an ES module has none of its own
  banner: {
    js: "import { createRequire as __hrCreateRequire } from 'node:module'; const require = __hrCreateRequire(import.meta.url);",
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  fs.rmSync(dist, { recursive: true, force: true });
  await build({
    ...bundleOptions,
    // the worker threads are entries of their own, beside main.mjs, where `new URL('./x.mjs', import.meta.url)` finds them
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      'pglite-worker': path.join(server, 'src/db/pglite-worker.mjs'),
      'receipt-thread': path.join(server, 'src/modules/templates/receipt-thread.mjs'),
    },
    outdir: dist,
    plugins: [externalPackages],
  });
  // drizzle's migrator reads the folder beside the code (db/client.ts: import.meta.dirname/migrations)
  fs.cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
}

/**
 * Packages stay in node_modules (native addons, WASM, files they read beside themselves), except
 * Herald's own workspace packages, which are TypeScript sources node cannot run.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@herald/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds the server if its sources are newer than its build; says why on stdout. */
export async function ensureServerBuilt() {
  const reason = serverBuildNeeded();
  if (!reason) return;
  console.log(`Building the server (${reason})...`);
  await buildServer();
}

/**
 * The command that runs the built server, as `npm start` runs it (after ensureServerBuilt()):
 * `spawn(cmd.command, cmd.args)`. Extra node flags (e.g. --cpu-prof) go before the entry.
 */
export function serverCommand(nodeFlags = []) {
  return { command: process.execPath, args: [...nodeFlags, builtEntry] };
}

/**
 * serverCommand() for callers that cannot wait (the benches, a test harness): builds first, in a
 * child process, when the build is missing or older than the sources. Run it from the repository;
 * the command starts the server with whatever working directory the caller gives it.
 */
export function builtServerCommand(nodeFlags = []) {
  const reason = serverBuildNeeded();
  if (reason) {
    console.log(`Building the server (${reason})...`);
    const run = spawnSync(process.execPath, [import.meta.filename], { stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`server build failed (${run.error?.message ?? `exit ${run.status}`})`);
  }
  return serverCommand(nodeFlags);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  await buildServer();
  console.log(`Built ${path.relative(root, builtEntry)}`);
}
