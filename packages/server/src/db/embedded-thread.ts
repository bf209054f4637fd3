import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock';
import { startPgliteThread, type PgliteThread } from './pglite-stream';

/** The embedded database's thread, and the release of its data directory's lock. */
export type EmbeddedThread = { thread: PgliteThread; unlock: () => void };

/** Where the embedded database keeps its files, under DATA_DIR. */
export const pgliteDirOf = (dataDir: string): string => path.join(dataDir, 'pgdata');

/**
 * EMBEDDED_DB_SHARED_BUFFERS: the embedded PostgreSQL's buffer pool (`shared_buffers`), read here
 * because main.ts opens the database before it loads the config. Why not PGlite's 128MB: pglite-buffers.mjs.
 */
export const DEFAULT_SHARED_BUFFERS = '32MB';
export const sharedBuffersOf = (env: NodeJS.ProcessEnv): string =>
  env.EMBEDDED_DB_SHARED_BUFFERS || DEFAULT_SHARED_BUFFERS;

/**
 * Opens the embedded database on its thread, its data directory locked first (`dir` undefined:
 * in memory). Imports nothing but the thread's plumbing, so main.ts can start it before it loads
 * the rest of the server, and PGlite opens its files while the modules compile.
 */
export async function openEmbeddedThread(
  dir?: string,
  snapshot?: string,
  sharedBuffers = sharedBuffersOf(process.env),
): Promise<EmbeddedThread> {
  let unlock = () => {};
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dir);
  }
  try {
    return { thread: await startPgliteThread(dir, snapshot, sharedBuffers), unlock };
  } catch (err) {
    unlock();
    throw err;
  }
}
