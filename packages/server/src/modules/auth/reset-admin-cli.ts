import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { pgliteDirOf } from '../../db/embedded-thread';
import { resetOperatorPassword } from './recovery';

/**
 * `npm run reset-admin [-- USERNAME]`: unlock an operator (default `admin`) and print a new
 * password, to be changed at the next sign-in. Uses the same DATA_DIR / DATABASE_URL as the
 * server; with the embedded database, stop the server first (PGlite has one process).
 */
const username = process.argv[2] ?? 'admin';
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: pgliteDirOf(config.dataDir),
});
try {
  const password = await resetOperatorPassword(database.db, username);
  if (!password) {
    console.error(`No operator user "${username}".`);
    process.exitCode = 1;
  } else {
    console.log(`Operator "${username}" unlocked; new password: ${password}  (change it at the next sign-in)`);
  }
} finally {
  await database.close();
}
