import { sql } from 'drizzle-orm';
import { openDatabase } from '../packages/server/src/db/client';
const database = await openDatabase({ pgliteDir: process.env.DIR ?? '/tmp/pgl/ex' });
for (const q of process.argv.slice(2)) console.log(q.slice(0, 60), (await database.db.execute(sql.raw(q))).rows);
await database.close();
