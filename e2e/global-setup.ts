import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../packages/server/src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** an embedded database directory, migrated, that each test's server starts from (a copy) */
    e2ePgdata: string;
  }
}

/**
 * Migrate once per run: every end-to-end server starts on a copy of one migrated embedded
 * database instead of migrating its own (its migrator then finds nothing to do).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-e2e-pgdata-'));
  await (await openDatabase({ pgliteDir: path.join(dir, 'pgdata') })).close();
  project.provide('e2ePgdata', path.join(dir, 'pgdata'));
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
