import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const UNIT = ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx', 'test/cluster/**/*.test.ts'];

/**
 * Unit files that replace a module, a global or the clock for the whole file. They run isolated
 * (a fresh module graph each); the others share their worker's imports, which took three
 * quarters of the unit stage's CPU when every file imported the contract and its deps again.
 */
const PATCHES_GLOBALS = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;
const root = import.meta.dirname;
const unitDirs = [...fs.readdirSync(path.join(root, 'packages')).map((p) => `packages/${p}/src`), 'test/cluster'];
const unitFiles = unitDirs.flatMap((dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules'))
        .map((f) => `${dir}/${f}`)
    : [],
);
const unitIsolated = unitFiles.filter((file) => PATCHES_GLOBALS.test(fs.readFileSync(path.join(root, file), 'utf8')));

/**
 * Integration files that test the embedded database itself and open it whatever TEST_DATABASE_URL
 * says: the PostgreSQL pass would run them again exactly as the PGlite pass does (~65 s of the
 * stage's summed file time, embedded-db.test.ts alone 27-37 s), so it leaves them out.
 */
const EMBEDDED_ONLY = [
  'embedded-db.test.ts', // the database thread, its data directory, its buffer pool
  'checkpoint.test.ts', // the server's own checkpoints (PGlite has no checkpointer)
  'vacuum.test.ts', // the server's own vacuum rounds (PGlite has no autovacuum)
  'pglite-kept.test.ts', // the PGlite pass's databases kept between files
  'built-server.test.ts', // the bundle as npm start runs it, on a fresh embedded data directory
];

/**
 * Integration files whose subject is not the database, run in the PGlite pass only. sdks.test.ts
 * runs the Python, PHP, Java and Go clients of sdks/ as child processes against a server: what it
 * tests is the clients (signing, retries, webhook checks), while their requests' server side is
 * open-api.test.ts's and the pipeline's files', which run on both databases. Its compilers and
 * runtimes cost ~40 s of CPU per pass (41 s wall, 28 s user + 11 s system alone, 2026-12-02).
 */
const DATABASE_BLIND = ['sdks.test.ts'];

/**
 * The server through app.inject: on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set (in
 * the environment, or in `env` for the PostgreSQL project).
 */
function integration(name: string, env: Record<string, string> = {}, exclude: string[] = []) {
  return {
    test: {
      name,
      include: ['packages/server/test/**/*.test.ts'],
      exclude: ['**/node_modules/**', ...exclude],
      environment: 'node',
      // the schema is migrated once for the run, and each test's database starts from it
      globalSetup: ['packages/server/test/global-setup.ts'],
      // argon2id at its floor instead of ~25 ms of CPU per hash or check (lib/crypto.ts; auth.test.ts
      // still signs in at production's cost on each database)
      env: { HERALD_TEST_PASSWORD_COST: 'low', ...env },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // every file gets its own database. Three workers on two cores: the files wait on timers,
      // brokers and child processes, and two at a time left the cores ~30 % idle (both passes
      // together: 584 s with two workers, 459 s with three and EMBEDDED_ONLY left out of the
      // PostgreSQL pass, docs/benchmarks.md). With both projects in one run (scripts/test.sh) they
      // share the workers: vitest runs a group's files three at a time whichever project they
      // belong to, so neither pass waits on a core the other left idle
      maxWorkers: Number(process.env.HERALD_INTEGRATION_WORKERS) || 3,
      // the files of a worker share its imported modules: importing the server for each of ~90 files
      // took a third of the stage (the files share no state: each starts its own server and database)
      isolate: false,
    },
  };
}

/**
 * Projects: unit (pure functions; unit-isolated holds the files that patch globals),
 * integration (above; integration-postgres beside it when TEST_POSTGRES_URL is set) and e2e (a real server and Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT,
          exclude: ['**/node_modules/**', ...unitIsolated],
          environment: 'node',
          isolate: false,
          // the unit files run beside lint and typecheck (scripts/test.sh): a few render or hash
          // for a second or two alone, which a loaded machine can stretch past vitest's 5 s
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: unitIsolated,
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      integration('integration'),
      // TEST_POSTGRES_URL: the same files again on PostgreSQL but EMBEDDED_ONLY, in the same run
      // (scripts/test.sh)
      ...(process.env.TEST_POSTGRES_URL
        ? [
            integration(
              'integration-postgres',
              { TEST_DATABASE_URL: process.env.TEST_POSTGRES_URL },
              [...EMBEDDED_ONLY, ...DATABASE_BLIND].map((f) => `packages/server/test/${f}`),
            ),
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // every server starts on a copy of one migrated embedded database
          globalSetup: ['e2e/global-setup.ts'],
          // screenshots of a failed test's pages (a setup file runs for every file, shared modules or not)
          setupFiles: ['e2e/screenshots.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // each file has its own server, port, data folder and browser contexts; a file spends much of
          // its time waiting on the browser or the server, so two at a time fit two cores
          maxWorkers: 2,
          // the files of a worker share its modules and its Chromium (harness.ts): loading Playwright and
          // launching a browser again for each file cost a few seconds of CPU per file; every file
          // still starts its own server and closes its own browser contexts
          isolate: false,
        },
      },
    ],
  },
});
