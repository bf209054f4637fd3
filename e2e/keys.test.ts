import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VirtualDevice } from '@herald/device-sim';
import { HeraldApiError, HeraldClient } from '@herald/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type ApiClient, type Herald } from './harness';
import { startedDevice } from './sim';
import { ok, operatorAndAccount } from './story';
import { byId, fill, openMenu, poll, signIn, visible } from './ui';

/**
 * Issue 29's keys and webhooks, in Chromium: an integrator's till keeps printing through the SDK
 * while the account admin rotates its key with a day's overlap in the console, switches to the
 * new secret without a refused request, and the old secret is stopped; a push that gave up is
 * found among the dead letters and redelivered to the mended receiver.
 */

const OWNER = { username: 'keysowner', email: 'owner@keys.test', password: 'KeysOwner#1' };
const PRINTER = { code: 'KEYS58', sn: 'KEYSP0001' };

let herald: Herald;
let owner: ApiClient;
let mqttPort: number;
let device: VirtualDevice | undefined;

/** A push receiver on loopback; `up` decides between 200 and 500. */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const rx = { up: false };
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(rx.up ? 200 : 500);
    res.end();
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  herald = await startHerald({
    env: {
      // the receiver is on loopback; its retries come at once, so a failing push gives up in seconds
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_BACKOFF_SCALE: '0',
    },
  });
  mqttPort = herald.mqttPort;
  const { modelIds } = await operatorAndAccount(herald, {
    opPassword: 'Operator@2024',
    owner: OWNER,
    accountName: 'Keys Deli',
    models: [{ name: 'Till printer 58', code: PRINTER.code, type: 'printer' }],
  });
  owner = await herald.api().login(OWNER.username, OWNER.password);
  const created = (await ok(owner.post('/v1/devices', { sn: PRINTER.sn, modelId: modelIds[PRINTER.code] }), 'add')) as {
    secret: string;
  };
  device = startedDevice(mqttPort, { sn: PRINTER.sn, secret: created.secret, kind: 'printer' });
  await device.waitOnline();
});

afterAll(async () => {
  await device?.stop();
  await herald?.stop();
  await new Promise<void>((r) => receiver.close(() => r()));
});

const text = async (page: Page, id: string) => ((await (await visible(page, id)).textContent()) ?? '').trim();

test('a key rotated with a day of overlap while a till keeps printing through the SDK: nothing refused, then the old secret stops', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);
  await openMenu(page, 'api', '/system/api', 'developerRoot');

  // ---- a named key for the till; its secret is shown once
  await (await visible(page, 'api-key-add')).click();
  await fill(page, 'api-key-add-name', 'Till');
  await byId(page, 'api-key-add-ok').click();
  const firstSecret = await text(page, 'api-secret-value');
  expect(firstSecret.length).toBeGreaterThanOrEqual(32);
  await byId(page, 'api-secret-close').click();
  const appKey = await text(page, 'api-key-appkey-Till');
  await poll(() => text(page, 'api-key-last-used-Till')).toBe('Never');

  // ---- the till prints in a loop with whichever secret it holds
  const oldClient = new HeraldClient({ baseUrl: herald.url, appKey, secret: firstSecret });
  let client = oldClient;
  let printed = 0;
  const refused: unknown[] = [];
  let stop = false;
  const till = (async () => {
    while (!stop) {
      try {
        await client.print({ sn: PRINTER.sn, content: `^^Receipt ${printed}\n---\nTotal | 4.20` });
        printed++;
      } catch (err) {
        refused.push(err);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await poll(() => printed).toBeGreaterThan(2);

  // ---- rotate with 24 hours of overlap: both secrets are shown, and when the old one stops
  await byId(page, 'api-key-rotate-Till').click();
  await (await visible(page, 'api-key-grace-86400')).click();
  await byId(page, 'api-key-rotate-ok-Till').click();
  const newSecret = await text(page, 'api-secret-value');
  expect(newSecret).not.toBe(firstSecret);
  expect(await text(page, 'api-secret-previous')).toBe(firstSecret);
  expect(await text(page, 'api-secret-previous-until')).toMatch(
    /^Old secret works until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
  );
  await byId(page, 'api-secret-close').click();
  await visible(page, 'api-key-overlap-Till');

  // still on the old secret after the rotation, then the till deploys the new one
  const atRotation = printed;
  await poll(() => printed).toBeGreaterThan(atRotation + 2);
  client = new HeraldClient({ baseUrl: herald.url, appKey, secret: newSecret });
  const atSwitch = printed;
  await poll(() => printed).toBeGreaterThan(atSwitch + 2);
  stop = true;
  await till;
  expect(refused).toEqual([]);

  // ---- the old secret stopped early from the console: refused with the signature error
  await byId(page, 'api-key-end-overlap-Till').click();
  await byId(page, 'api-key-end-overlap-ok-Till').click();
  await poll(() => page.locator('[data-testid="api-key-overlap-Till"]').count()).toBe(0);
  const late = await oldClient.print({ sn: PRINTER.sn, content: 'late' }).catch((e: unknown) => e);
  expect(late).toBeInstanceOf(HeraldApiError);
  expect((late as HeraldApiError).code).toBe(40020);
  await client.print({ sn: PRINTER.sn, content: 'new secret' });

  // the key's last use shows after a reload (written at most once a minute, off the call's path)
  await poll(async () => {
    await page.reload();
    return text(page, 'api-key-last-used-Till');
  }).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
});

test('a push that gave up is found among the dead letters and redelivered to the mended receiver', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);
  await openMenu(page, 'api', '/system/api', 'developerRoot');
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/herald`;

  // ---- a push address, and a test event to it while the receiver is down
  await fill(page, 'api-push-print', url);
  await byId(page, 'api-push-save').click();
  await (await visible(page, 'api-push-test-print')).click();
  const listed = async () =>
    ((await ok(owner.get('/v1/webhooks/deliveries?pageSize=50'), 'deliveries')) as { list: Delivery[] }).list;
  type Delivery = { id: number; status: string; test: boolean; redeliveryOf: number | null };
  await poll(async () => (await listed()).find((d) => d.test)?.status).toBe('failed');
  const dead = (await listed()).find((d) => d.test)!;
  expect(received.length).toBeGreaterThan(0);

  // ---- the push log's dead letters show it
  await page.getByRole('tab', { name: 'Push log' }).click();
  await (await visible(page, 'api-delivery-filter-dead')).click();
  await poll(() => text(page, `api-delivery-status-${dead.id}`)).toBe('Given up');

  // ---- the receiver mended, the delivery sent again: a new delivery linked to it succeeds
  rx.up = true;
  const before = received.length;
  await byId(page, `api-delivery-redeliver-${dead.id}`).click();
  await byId(page, `api-delivery-redeliver-${dead.id}-ok`).click();
  await poll(async () => (await listed()).find((d) => d.redeliveryOf === dead.id)?.status).toBe('succeeded');
  const again = (await listed()).find((d) => d.redeliveryOf === dead.id)!;
  const got = received.slice(before).find((r) => r.headers['x-herald-delivery'] === String(again.id));
  expect(got).toBeDefined();
  expect(JSON.parse(got!.body)).toMatchObject({ event: 'print', test: true });

  await byId(page, 'api-delivery-filter-all').click();
  await poll(() => text(page, `api-delivery-redelivery-of-${again.id}`)).toBe(`Resend of ${dead.id}`);
  await poll(() => text(page, `api-delivery-status-${again.id}`)).toBe('Delivered');
  // the original stays a dead letter; the redelivery is not one
  await byId(page, 'api-delivery-filter-dead').click();
  await poll(() => page.locator(`[data-testid="api-delivery-status-${again.id}"]`).count()).toBe(0);
  await poll(() => text(page, `api-delivery-status-${dead.id}`)).toBe('Given up');
});
