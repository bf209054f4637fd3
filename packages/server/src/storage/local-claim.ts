import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** The advisory lock a node on local-disk storage holds in a shared database (727274 is the migration lock). */
export const LOCAL_STORAGE_LOCK = 727275;
const RETRY_MS = 5000;

export class LocalStorageTaken extends Error {}

export const TAKEN_MESSAGE =
  'Another Herald node already uses this database (DATABASE_URL) with uploaded files on its own local disk: ' +
  'a file uploaded through one node would be missing on the others (device downloads answer 404). ' +
  'Give every node one shared store with STORAGE_S3_ENDPOINT, STORAGE_S3_BUCKET, STORAGE_S3_ACCESS_KEY and ' +
  'STORAGE_S3_SECRET_KEY, or, when DATA_DIR/files is one shared mount (NFS) on every node, set STORAGE_LOCAL_SHARED=true.';

/**
 * Several nodes may share one PostgreSQL database, but not files kept on each node's local disk.
 * A node with local storage therefore holds a session-level advisory lock, on a connection of its
 * own for as long as it runs; a second node finds it taken and refuses to start (LocalStorageTaken)
 * rather than serve 404s for the first node's uploads. If that connection is lost (a database
 * restart), the node takes the lock again on a new one, and says loudly when another node got it.
 */
export async function claimLocalStorage(
  databaseUrl: string,
  log: FastifyBaseLogger,
): Promise<{ release: () => Promise<void> }> {
  let released = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const take = async (): Promise<boolean> => {
    const c = new pg.Client({ connectionString: databaseUrl, application_name: 'herald local storage lock' });
    c.on('error', () => {}); // 'end' follows and takes it again
    await c.connect();
    const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [LOCAL_STORAGE_LOCK]);
    if (!rows[0]?.ok) {
      await c.end().catch(() => {});
      return false;
    }
    if (released) {
      await c.end().catch(() => {});
      return true;
    }
    client = c;
    c.once('end', () => {
      if (released) return;
      client = undefined;
      log.error('local storage lock: the database connection was lost; taking the lock again');
      again();
    });
    return true;
  };
  const again = () => {
    retry = setTimeout(() => {
      take().then(
        (ok) => {
          if (ok) log.info('local storage lock: held again');
          else {
            log.error(TAKEN_MESSAGE);
            if (!released) again();
          }
        },
        (err: unknown) => {
          log.warn({ err }, 'local storage lock: the database is not reachable; trying again');
          if (!released) again();
        },
      );
    }, RETRY_MS);
    retry.unref();
  };

  if (!(await take())) throw new LocalStorageTaken(TAKEN_MESSAGE);
  return {
    release: async () => {
      released = true;
      clearTimeout(retry);
      // ending the session releases its advisory locks
      await client?.end().catch(() => {});
    },
  };
}
