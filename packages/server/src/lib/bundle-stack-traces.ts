import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces of the built server (scripts/build-server.mjs) name the TypeScript lines, as
 * `node --enable-source-maps` would make them, at a fraction of its start-up cost: that flag
 * parses the source map of every module as it loads — 4.6 MB of maps at a server's start,
 * mostly node_modules' (drizzle-orm, ajv, fast-json-stringify), ~0.5 s of its ~5 s of CPU —
 * while this reads only the bundle's own maps, and only when a stack is first formatted. Frames
 * of node_modules keep their JavaScript lines, as they would in an unbundled server.
 *
 * `mapBundleFrames(dir)`: from now on, frames in a `.mjs` file of `dir` that has a `.map` beside it
 * are shown at their source's line. Installed by main.ts when it runs from the bundle.
 */
export function mapBundleFrames(dir: string): void {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (file: string): SourceMap | null => {
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

  const frame = (site: NodeJS.CallSite): string => {
    const text = String(site);
    const url = site.getFileName();
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if (!url?.startsWith('file:') || !url.endsWith('.mjs') || line == null || column == null) return text;
    const file = fileURLToPath(url);
    if (path.dirname(file) !== dir) return text;
    const entry = mapOf(file)?.findEntry(line - 1, column - 1);
    if (!entry || !('originalSource' in entry)) return text;
    const source = path.resolve(dir, entry.originalSource);
    return text.replace(`${url}:${line}:${column}`, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
  };

  Error.prepareStackTrace = (error: Error, stack: NodeJS.CallSite[]): string => {
    let head: string;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = '<error>';
    }
    return stack.length ? `${head}\n    at ${stack.map(frame).join('\n    at ')}` : head;
  };
}

/** The folder of the running bundle when this module is part of one (a map beside its file), else undefined. */
export function bundleDir(moduleUrl: string): string | undefined {
  const file = fileURLToPath(moduleUrl);
  return file.endsWith('.mjs') && fs.existsSync(`${file}.map`) ? path.dirname(file) : undefined;
}
