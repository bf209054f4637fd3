import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (pure functions), integration (the server through app.inject on
 * PGlite, or on PostgreSQL when TEST_DATABASE_URL is set) and e2e (a real server and Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx', 'test/cluster/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/server/test/**/*.test.ts'],
          environment: 'node',
          // the schema is migrated once for the run, and each test's database starts from it
          globalSetup: ['packages/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // every file gets its own database; two cores → two workers
          maxWorkers: 2,
          // the files of a worker share its imported modules: importing the server for each of ~90 files
          // took a third of the stage (the files share no state: each starts its own server and database)
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // every server starts on a copy of one migrated embedded database
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // each file has its own server, port, data folder and browser; a file spends much of its
          // time waiting on the browser or the server, so two at a time fit two cores
          maxWorkers: 2,
        },
      },
    ],
  },
});
