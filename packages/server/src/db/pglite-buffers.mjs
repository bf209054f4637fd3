// @ts-check
/**
 * PGlite 0.3.16 starts PostgreSQL with `-c shared_buffers=128MB`, a string compiled into its WASM
 * (a command-line setting, so neither postgresql.conf nor ALTER SYSTEM can lower it, and PGlite
 * takes no start parameters). PostgreSQL zeroes its buffer pool when it starts: in WASM that
 * `memset` took ~0.5 s of a quiet 1.2-s open and ~1.1 s of a server's start under load, and the
 * pool is RSS for as long as the process runs (~115 MiB more than 16 MB of pool, measured).
 * The embedded database is one process's, its files in the operating system's page cache, so a
 * smaller pool mostly moves reads from PostgreSQL's cache to that one.
 *
 * So the thread compiles PGlite's WASM itself with that string rewritten in place (the same
 * bytes, shorter text, NUL-padded) and hands PGlite the module (its `wasmModule` option). The
 * version is pinned (packages/server/package.json); a WASM without the string stops the server
 * here, and the worker checks PostgreSQL's own count of the pool once open (pglite-worker.mjs).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const COMPILED_IN = 'shared_buffers=128MB';

const UNITS = { kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/**
 * The bytes of a size PostgreSQL reads (`16MB`, `512kB`, `1GB`) that fits in the compiled-in text's
 * room and is at least PostgreSQL's minimum (128kB); undefined for anything else.
 * @param {string} size
 */
export function bufferBytes(size) {
  const m = /^([1-9][0-9]*)(kB|MB|GB)$/.exec(size);
  if (!m || `shared_buffers=${size}`.length > COMPILED_IN.length) return undefined;
  const bytes = Number(m[1]) * UNITS[/** @type {'kB' | 'MB' | 'GB'} */ (m[2])];
  return bytes >= 128 * 1024 ? bytes : undefined;
}

/**
 * PGlite's WASM, compiled, with PostgreSQL's shared_buffers set to `size`; undefined for PGlite's
 * own 128MB (nothing to rewrite).
 * @param {string} size
 * @returns {Promise<WebAssembly.Module | undefined>}
 */
export async function pgliteModule(size) {
  if (size === '128MB') return undefined;
  if (bufferBytes(size) === undefined) {
    throw new Error(`shared_buffers ${size} is not a size such as 16MB (128kB to 999MB, or 1GB to 9GB)`);
  }
  const file = fileURLToPath(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite')));
  const bytes = await readFile(file);
  const from = Buffer.from(`${COMPILED_IN}\0`);
  const at = bytes.indexOf(from);
  if (at < 0 || bytes.indexOf(from, at + 1) >= 0) {
    throw new Error(`${file} has no single "${COMPILED_IN}": read pglite-buffers.mjs before upgrading PGlite`);
  }
  const to = Buffer.alloc(from.length);
  to.write(`shared_buffers=${size}`);
  to.copy(bytes, at);
  return WebAssembly.compile(bytes);
}
