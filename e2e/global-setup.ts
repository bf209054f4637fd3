import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../packages/server/src/db/client';
import { ensureServerBuilt } from '../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** an embedded database directory, migrated, that each test's server starts from (a copy) */
    e2ePgdata: string;
  }
}

/**
 * Migrate once per run: every end-to-end server starts on a copy of one migrated embedded
 * database instead of migrating its own (its migrator then finds nothing to do). The server is
 * built first when its sources changed.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // every file's server is the built one (harness.ts): built here once, not by each worker at once
  await ensureServerBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-e2e-pgdata-'));
  await (await openDatabase({ pgliteDir: path.join(dir, 'pgdata') })).close();
  project.provide('e2ePgdata', path.join(dir, 'pgdata'));
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
