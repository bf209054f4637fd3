import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { temporarySnapshot } from './pglite-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a PGlite data directory, migrated, as a file (PGlite's dumpDataDir): each server's start */
    pgliteSnapshot: string;
    /** a PostgreSQL database, migrated, that each test file's database is created from */
    pgTemplate: string;
    /** a folder for the files tests write (servers' data directories): removed when the run ends */
    scratchDir: string;
  }
}

/**
 * Migrate once per run instead of once per server. The integration tests start ~250 servers,
 * each on a database of its own; running 30-odd migrations for each was most of their start.
 * PGlite: the migrated data directory is dumped to a file each in-memory database starts from.
 * PostgreSQL: a migrated database each test database is created from (`create database … template`).
 * The server still runs its migrator on start; it finds nothing left to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-test-files-'));
  project.provide('scratchDir', scratch);
  const removeScratch = () => fs.rmSync(scratch, { recursive: true, force: true });
  // the PostgreSQL project names its server in its own env (vitest.config.ts); else the environment's
  const adminUrl = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `herald_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // a template may have no connection open while it is copied: the pool is closed before any test
    await (await openDatabase({ databaseUrl: url.toString() })).close();
    project.provide('pgTemplate', name);
    project.provide('pgliteSnapshot', '');
    return async () => {
      removeScratch();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const snapshot = await temporarySnapshot('herald-pglite-snapshot-');
  project.provide('pgliteSnapshot', snapshot.file);
  project.provide('pgTemplate', '');
  return async () => {
    removeScratch();
    snapshot.remove();
  };
}

/** One statement on PostgreSQL's server (create or drop a database), on a connection of its own. */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
