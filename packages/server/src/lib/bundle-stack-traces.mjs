import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces of the built server (scripts/build-server.mjs) name the TypeScript lines, as
 * `node --enable-source-maps` would make them, at a fraction of its start-up cost: that flag
 * parses the source map of every module as it loads — 4.6 MB of maps at a server's start when
 * measured, mostly node_modules' (drizzle-orm, ajv), ~0.5 s of its ~5 s of CPU —
 * while this reads only the bundle's own maps, and only when a stack is first formatted. Frames
 * of node_modules keep their JavaScript lines, as they would in an unbundled server; a function's
 * name is the bundle's (esbuild sometimes adds a digit to keep names apart: `activate2`).
 *
 * Plain JavaScript, so that the worker threads' entries (pglite-worker.mjs, receipt-thread.mjs),
 * which run unbundled under development, can install it too: each thread has its own hook.
 */

/**
 * From now on, frames in a `.mjs` file of `dir` that has a `.map` beside it are shown at their
 * source's line.
 * @param {string} dir
 */
function mapBundleFrames(dir) {
  /** @type {Map<string, SourceMap | null>} */
  const maps = new Map();
  /** @param {string} file */
  const mapOf = (file) => {
    let map = maps.get(file);
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
      } catch {
        map = null; // no map, or not one Node can read: the frame stays as it is
      }
      maps.set(file, map);
    }
    return map;
  };

  /** @param {NodeJS.CallSite} site */
  const frame = (site) => {
    const text = String(site);
    try {
      return mapped(site, text);
    } catch {
      return text; // a stack is never lost to its mapping (e.g. a file URL with a host)
    }
  };

  /**
   * @param {NodeJS.CallSite} site
   * @param {string} text
   */
  const mapped = (site, text) => {
    const url = site.getFileName();
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if (!url?.startsWith('file:') || !url.endsWith('.mjs') || line == null || column == null) return text;
    const file = fileURLToPath(url);
    if (path.dirname(file) !== dir) return text;
    // 1-based positions in, 0-based offsets to the map; {} before the first mapping
    const entry = /** @type {Partial<import('node:module').SourceMapping>} */ (
      mapOf(file)?.findEntry(line - 1, column - 1)
    );
    if (!entry?.originalSource || entry.originalLine == null || entry.originalColumn == null) return text;
    const at = `${path.resolve(dir, entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    return text.replace(`${url}:${line}:${column}`, () => at);
  };

  /**
   * @param {Error} error
   * @param {NodeJS.CallSite[]} stack
   */
  Error.prepareStackTrace = (error, stack) => {
    let head;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = '<error>';
    }
    return stack.length ? `${head}\n    at ${stack.map(frame).join('\n    at ')}` : head;
  };
}

/**
 * The folder of the running bundle when `moduleUrl`'s file is part of one (a map beside it), else undefined.
 * @param {string} moduleUrl
 */
function bundleDir(moduleUrl) {
  const file = fileURLToPath(moduleUrl);
  return file.endsWith('.mjs') && fs.existsSync(`${file}.map`) ? path.dirname(file) : undefined;
}

/**
 * mapBundleFrames() for the bundle `moduleUrl` belongs to, if it belongs to one (else nothing:
 * tsx maps the sources' frames itself under development).
 * @param {string} moduleUrl
 */
export function mapFramesOfBundle(moduleUrl) {
  const dir = bundleDir(moduleUrl);
  if (dir) mapBundleFrames(dir);
}
