import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleOptions } from '../../../../scripts/build-server.mjs';

/**
 * A bundle built with scripts/build-server.mjs's options (esbuild, ES modules, split, maps beside),
 * with a worker thread as an entry of its own as the server's, run by plain node without
 * --enable-source-maps: its stacks name the TypeScript lines, in the main thread and in the worker.
 */
let dir: string;
let out: string;
const HELPER = JSON.stringify(path.join(import.meta.dirname, 'bundle-stack-traces.mjs'));
const THROWER = ['export function explode(what: string): never {', '  throw new Error(`boom: ${what}`);', '}', ''];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-stacks-'));
  const write = (name: string, lines: string[]) => fs.writeFileSync(path.join(dir, name), lines.join('\n'));
  write('thrower.ts', THROWER);
  write('entry.ts', [
    `import { Worker } from 'node:worker_threads';`,
    `import { mapFramesOfBundle } from ${HELPER};`,
    `mapFramesOfBundle(import.meta.url);`,
    `const { explode } = await import('./thrower');`,
    `try { explode('here'); } catch (err) { console.log((err as Error).stack); }`,
    // an error of Node's own: its frames are left as they are
    `try { JSON.parse('{'); } catch (err) { console.log((err as Error).stack); }`,
    `const worker = new Worker(new URL('./worker.mjs', import.meta.url));`,
    `worker.once('message', (stack: string) => console.log(stack));`,
    '',
  ]);
  write('worker.ts', [
    `import { parentPort } from 'node:worker_threads';`,
    `import { mapFramesOfBundle } from ${HELPER};`,
    `mapFramesOfBundle(import.meta.url);`,
    `const { explode } = await import('./thrower');`,
    `try { explode('in a thread'); } catch (err) { parentPort!.postMessage((err as Error).stack); }`,
    '',
  ]);
  out = path.join(dir, 'dist');
  await build({
    ...bundleOptions,
    entryPoints: { main: path.join(dir, 'entry.ts'), worker: path.join(dir, 'worker.ts') },
    outdir: out,
    logLevel: 'silent',
  });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = () => {
  // not mapped by Node itself, whatever the environment asks
  const env = { ...process.env, NODE_OPTIONS: '' };
  const ran = spawnSync(process.execPath, [path.join(out, 'main.mjs')], { encoding: 'utf8', env });
  expect(ran.stderr).toBe('');
  return ran.stdout;
};
const thrower = () => path.join(dir, 'thrower.ts');

describe('stack traces of the built server', () => {
  it('name the TypeScript file, line and column of each frame in the bundle, in a worker thread too', () => {
    const stdout = run();
    // line 2, column 9: the `throw`'s `new Error`
    expect(stdout).toContain(`Error: boom: here\n    at explode (${thrower()}:2:9)`);
    expect(stdout).toContain(`Error: boom: in a thread\n    at explode (${thrower()}:2:9)`);
    expect(stdout).toMatch(new RegExp(`${path.join(dir, 'entry.ts').replaceAll('.', '\\.')}:5:\\d+`));
    expect(stdout).toMatch(new RegExp(`${path.join(dir, 'worker.ts').replaceAll('.', '\\.')}:5:\\d+`));
    expect(stdout).not.toContain('.mjs:');
    // Node's own frames as V8 writes them
    expect(stdout).toMatch(/SyntaxError: .*JSON[^]*\n {4}at JSON\.parse \(<anonymous>\)/);
  });

  it("leave a frame as it is when its chunk has no map, and map the others' still", () => {
    const chunks = fs.readdirSync(out).filter((f) => f.startsWith('thrower') && f.endsWith('.mjs.map'));
    expect(chunks).toHaveLength(1);
    fs.renameSync(path.join(out, chunks[0]!), path.join(dir, chunks[0]!));
    try {
      const stdout = run();
      expect(stdout).toMatch(/Error: boom: here\n {4}at explode \(file:\/\/[^)]*\/thrower-[^)]*\.mjs:\d+:\d+\)/);
      expect(stdout).not.toContain('thrower.ts');
      expect(stdout).toMatch(new RegExp(`${path.join(dir, 'entry.ts').replaceAll('.', '\\.')}:5:\\d+`));
    } finally {
      fs.renameSync(path.join(dir, chunks[0]!), path.join(out, chunks[0]!));
    }
  });
});
