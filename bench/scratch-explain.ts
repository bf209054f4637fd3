import { sql } from 'drizzle-orm';
import { openDatabase } from '../packages/server/src/db/client';
const database = await openDatabase({ pgliteDir: '/tmp/pgl/ex' });
const db = database.db;
await db.execute(sql`analyze`);
const qs = process.argv.slice(2);
for (const q of qs) {
  const r = await db.execute(sql.raw(`explain (analyze, buffers) ${q}`));
  console.log('== ' + q.slice(0, 80) + '\n' + r.rows.map((x) => Object.values(x)[0]).join('\n'));
}
await database.close();
