import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';

/**
 * A migrated embedded database as one file, for `new PGlite({ loadDataDir })`: every integration
 * server starts from it. Opening one cost ~1.3 s of CPU, most of it PostgreSQL's crash recovery
 * and the copy into PGlite's in-memory files, so the file is made cheap to open (~25 % less):
 * - it is written from a data directory PGlite closed (its state "shut down"): a dump of a
 *   running database (`dumpDataDir`) reads as a crash, and every start walked every file,
 *   replayed the WAL and wrote a checkpoint;
 * - it holds template1 (the database PGlite opens) alone: `postgres` and `template0`, which
 *   nothing here connects to, were 43 % of its files.
 */
export async function writePgliteSnapshot(dir: string, file: string): Promise<void> {
  await (await openDatabase({ pgliteDir: dir })).close();
  const db = new PGlite(dir);
  await db.exec(`update pg_database set datistemplate = false where datname = 'template0'`);
  await db.exec('drop database template0');
  await db.exec('drop database postgres');
  await db.close();
  fs.writeFileSync(file, tarOf(dir));
}

/**
 * A snapshot written into a temporary folder of its own (`prefix` names it); `remove` deletes the
 * folder, snapshot and all.
 */
export async function temporarySnapshot(prefix: string): Promise<{ file: string; remove: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(dir, 'migrated.tar');
  await writePgliteSnapshot(path.join(dir, 'data'), file);
  fs.rmSync(path.join(dir, 'data'), { recursive: true, force: true });
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A ustar archive of `dir`, its names as PGlite's own dumps write them ('/base/1/…'). */
function tarOf(dir: string): Buffer {
  const parts: Buffer[] = [];
  for (const rel of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const stat = fs.statSync(path.join(dir, rel));
    const name = `/${rel.split(path.sep).join('/')}`;
    if (stat.isDirectory()) {
      parts.push(header(name, 0, stat, '5'));
      continue;
    }
    const data = fs.readFileSync(path.join(dir, rel));
    parts.push(header(name, data.length, stat, '0'), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

function header(name: string, size: number, stat: fs.Stats, type: '0' | '5'): Buffer {
  if (Buffer.byteLength(name) > 99) throw new Error(`name too long for a ustar header: ${name}`);
  const h = Buffer.alloc(512);
  const octal = (n: number, width: number) =>
    `${Math.floor(n)
      .toString(8)
      .padStart(width - 1, '0')}\0`;
  h.write(name, 0);
  h.write(octal(stat.mode & 0o7777, 8), 100);
  h.write(octal(0, 8), 108);
  h.write(octal(0, 8), 116);
  h.write(octal(size, 12), 124);
  h.write(octal(stat.mtimeMs / 1000, 12), 136);
  h.write(' '.repeat(8), 148); // the checksum counts its own field as spaces
  h.write(type, 156);
  h.write('ustar\0' + '00', 257);
  const sum = h.reduce((n, b) => n + b, 0);
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}
