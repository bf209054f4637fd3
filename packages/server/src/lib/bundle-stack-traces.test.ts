import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A bundle built as scripts/build-server.mjs builds the server (esbuild, ES modules, split, maps
 * beside), run by plain node without --enable-source-maps: its stacks name the TypeScript lines.
 */
let dir: string;
let out: string;
const THROWER = ['export function explode(what: string): never {', '  throw new Error(`boom: ${what}`);', '}', ''];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-stacks-'));
  fs.writeFileSync(path.join(dir, 'thrower.ts'), THROWER.join('\n'));
  fs.writeFileSync(
    path.join(dir, 'entry.ts'),
    [
      `import { bundleDir, mapBundleFrames } from ${JSON.stringify(path.join(import.meta.dirname, 'bundle-stack-traces.ts'))};`,
      `const bundle = bundleDir(import.meta.url);`,
      `if (bundle) mapBundleFrames(bundle);`,
      `const { explode } = await import('./thrower');`,
      `try { explode('here'); } catch (err) { console.log((err as Error).stack); }`,
      // an error of Node's own: its frames are left as they are
      `try { JSON.parse('{'); } catch (err) { console.log((err as Error).stack); }`,
      '',
    ].join('\n'),
  );
  out = path.join(dir, 'dist');
  await build({
    entryPoints: { main: path.join(dir, 'entry.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'silent',
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = () => {
  const ran = spawnSync(process.execPath, [path.join(out, 'main.mjs')], { encoding: 'utf8' });
  expect(ran.stderr).toBe('');
  return ran.stdout;
};

describe('stack traces of the built server', () => {
  it('name the TypeScript file, line and column of each frame in the bundle', () => {
    const stdout = run();
    expect(stdout).toContain('Error: boom: here\n    at explode (');
    // line 2, column 9: the `throw`'s `new Error`
    expect(stdout).toContain(`${path.join(dir, 'thrower.ts')}:2:9)`);
    expect(stdout).toMatch(new RegExp(`${path.join(dir, 'entry.ts').replaceAll('.', '\\.')}:5:\\d+`));
    expect(stdout).not.toContain('.mjs:');
    // Node's own frames as V8 writes them
    expect(stdout).toMatch(/SyntaxError: .*JSON[^]*\n {4}at JSON\.parse \(<anonymous>\)/);
  });

  it('leave a frame as it is when its file has no map', () => {
    for (const f of fs.readdirSync(out)) if (f.endsWith('.map')) fs.renameSync(path.join(out, f), path.join(dir, f));
    try {
      const stdout = run();
      expect(stdout).toContain('Error: boom: here\n    at explode (file://');
      expect(stdout).toMatch(/\.mjs:\d+:\d+\)/);
      expect(stdout).not.toContain('thrower.ts');
    } finally {
      for (const f of fs.readdirSync(dir)) if (f.endsWith('.map')) fs.renameSync(path.join(dir, f), path.join(out, f));
    }
  });
});
