import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT, startHerald, type Herald } from './harness';

let herald: Herald;
beforeAll(async () => {
  herald = await startHerald();
});
afterAll(async () => {
  await herald?.stop();
});

test('the server answers its liveness check', async () => {
  const res = await herald.api().get('/oauth/alive');
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(20000);
});

test('a visitor who is not signed in gets the console and its sign-in form', async () => {
  const built = fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'));
  expect(built, 'the console is not built: npm run build -w @herald/web').toBe(true);
  const page = await herald.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));

  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect.poll(() => page.title()).toMatch(/Herald/);

  const username = page.locator('[data-testid="login-username"], input[autocomplete="username"]').first();
  await username.waitFor({ state: 'visible', timeout: 30_000 });
  await expect.poll(() => page.locator('input[type="password"]').count()).toBeGreaterThan(0);
  // the page names its icon, so browsers do not fall back to asking for /favicon.ico
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  const served = await fetch(new URL(icon!, herald.url));
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toContain('image/svg+xml');
  expect(errors).toEqual([]);
  await page.close();
});

test('the console animates only for visitors who have not asked their system for reduced motion', async () => {
  const transitionOfSubmit = async (motion: boolean) => {
    const page = await herald.newPage({ motion });
    await page.goto('/login');
    const submit = page.locator('[data-testid="login-submit"]');
    await submit.waitFor({ state: 'visible', timeout: 30_000 });
    const duration = await submit.evaluate((el) => getComputedStyle(el).transitionDuration);
    await page.close();
    return duration;
  };
  expect(await transitionOfSubmit(true)).not.toMatch(/^0s(, 0s)*$/);
  expect(await transitionOfSubmit(false)).toMatch(/^0s(, 0s)*$/);
});
