import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { RESULTS_DIR, ROOT, running } from './harness';

/**
 * Screenshots of the open pages of a failed test (the test's result is already known in
 * afterEach). A setup file of the e2e project: the files of a worker share their modules, so a
 * hook registered when harness.ts is first imported would serve only the first file.
 */
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const name = `${path.basename(ctx.task.file.name, '.test.ts')}-${ctx.task.name}`
    .replace(/[^a-zA-Z0-9._-]+/g, '-')
    .slice(0, 120);
  let n = 0;
  for (const herald of running) {
    for (const page of herald.pages) {
      if (page.isClosed()) continue;
      const file = path.join(RESULTS_DIR, `${name}${n++ ? `-${n}` : ''}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.error(`screenshot of ${page.url()}: ${path.relative(ROOT, file)}`);
    }
  }
});
