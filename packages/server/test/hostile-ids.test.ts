import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { seedAccount } from './fixtures';
import { adminClient, Client, startServer, type Res } from './harness';
import { collectRoutes, type SeenRoute } from './route-catalogue';

/**
 * Every id a path or a list's query names, swept over the route table: a number the database's
 * integer keys cannot hold, or an id written as anything but plain digits ('+1', '0x10', '1e3'),
 * is refused by validation with the field named — not passed on for the database to refuse, nor
 * read as another id ('+1' was account 1, and disabled it). A path's id is also refused in any
 * spelling but the canonical one ('%201', '1%20', '01' were account 1).
 */

let server: Awaited<ReturnType<typeof startServer>>;
let routes: SeenRoute[];
let op: Client;
let ac: Client;

beforeAll(async () => {
  server = await startServer();
  const seen = await collectRoutes(server);
  routes = seen.routes;
  await seen.probe.close();
  op = await adminClient(server);
  ac = (await seedAccount(server)).client;
});
afterAll(async () => server?.close());

const BAD_IDS = ['2147483648', '9007199254740992', '+1', '0x10', '1e3', '1.5', '-1'];
/**
 * Other spellings of id 1 that Number() reads as 1: a path names a record in its canonical form
 * only (no blanks, leading zeros, sign or fraction), so every URL of a record is the same URL.
 */
const NOT_CANONICAL = [' 1', '1 ', '\t1', '1\n', '01', '0', '1.0', '١'];
/**
 * Ids of the tables that grow without bound (bigserial: jobs and their records, upgrade
 * executions, webhook deliveries, in-app messages) go on past 2³¹ − 1 to 2⁵³ − 1; every other id
 * stops there.
 */
const BIG = (url: string, name: string) =>
  name === 'jobId' ||
  name === 'executionId' ||
  (name === 'id' &&
    /^\/v1\/(records\/|speak-test\/job\/|webhooks\/deliveries\/|account-user-notice-msg\/detail\/)/.test(url));
const badFor = (url: string, name: string) => (BIG(url, name) ? BAD_IDS.filter((b) => b !== '2147483648') : BAD_IDS);
const badInPath = (url: string, name: string) => [...badFor(url, name), ...NOT_CANONICAL];

/** The fields of an object schema named as ids that read `sample` as the number 7. */
function idFields(schema: unknown, sample: unknown = '7'): string[] {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
  return Object.entries(shape)
    .filter(([name, s]) => (name === 'id' || name.endsWith('Id')) && s.safeParse(sample).data === 7)
    .map(([name]) => name);
}
const isIdName = (name: string) => name === 'id' || name.endsWith('Id');

/** The caller that may use the route: the account administrator on the account side, else the operator's. */
const callerOf = (r: SeenRoute) => (r.access?.public ? new Client(server) : r.access?.side === 'ac' ? ac : op);

/** Path ids replaced by `bad`, other path parameters by a plausible value. */
const pathWith = (url: string, name: string, bad: string) =>
  url.replace(/:(\w+)/g, (_, p: string) => (p === name ? encodeURIComponent(bad) : isIdName(p) ? '1' : 'SN000001'));

/** Answered by validation, naming the field (the database's refusal names none). */
const refusedFor = (res: Res, field: string) =>
  res.status === 400 &&
  res.body?.code === 40010 &&
  (res.body.data?.errors ?? []).some((e: { field: string }) => e.field === field);

const brief = (res: Res) => `${res.status} ${JSON.stringify(res.body).slice(0, 160)}`;

// the path sweep makes about 1,500 calls: on PostgreSQL, beside another test file, more than the default 30 s
describe('ids in paths and queries', { timeout: 120_000 }, () => {
  it('refuses out-of-range and oddly written path ids on every route, with the field named', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const r of routes) {
      const names = idFields(r.schema?.params);
      for (const name of names) {
        if (BIG(r.url, name)) {
          // the largest exact number is an id there
          const res = await callerOf(r).call(
            r.method,
            pathWith(r.url, name, '2147483648'),
            r.method === 'GET' ? undefined : {},
          );
          if (refusedFor(res, name)) wrong.push(`${r.method} ${r.url} ${name}=2147483648 refused (a bigserial id)`);
        }
        for (const bad of badInPath(r.url, name)) {
          const res = await callerOf(r).call(r.method, pathWith(r.url, name, bad), r.method === 'GET' ? undefined : {});
          checked++;
          if (!refusedFor(res, name)) wrong.push(`${r.method} ${r.url} ${name}=${bad} → ${brief(res)}`);
        }
      }
    }
    // every `:id` of the route table has a schema (one without would slip by); a few ids are not numbers
    const shapeOf = (r: SeenRoute) => (r.schema?.params as { shape?: Record<string, unknown> } | undefined)?.shape;
    const unchecked = routes.filter((r) => /:id\b/.test(r.url) && !shapeOf(r)?.id);
    expect(unchecked.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  });

  it("refuses them in every list's id filters, with the field named", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const r of routes.filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
      for (const name of idFields(r.schema?.querystring)) {
        for (const bad of badFor(r.url, name)) {
          const res = await callerOf(r).get(`${r.url}?${name}=${encodeURIComponent(bad)}`);
          checked++;
          if (!refusedFor(res, name)) wrong.push(`GET ${r.url}?${name}=${bad} → ${brief(res)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(wrong).toEqual([]);
  });

  it('refuses ids past the maximum in every JSON body, with the field named', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const r of routes.filter((r) => ['POST', 'PUT'].includes(r.method) && !r.url.startsWith('/open/'))) {
      for (const name of idFields(r.schema?.body, 7)) {
        for (const bad of [2147483648, 9007199254740991]) {
          const res = await callerOf(r).call(r.method, pathWith(r.url, '', ''), { [name]: bad });
          checked++;
          if (!refusedFor(res, name)) wrong.push(`${r.method} ${r.url} {${name}: ${bad}} → ${brief(res)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('answers a path the router cannot decode in the envelope and the asked language, without echoing it', async () => {
    for (const url of [
      '/v1/accounts/%ED%A0%80?lang=zh_CN',
      `/public/smart-config/${'x'.repeat(120)}/download?lang=zh_CN`,
    ]) {
      const res = await op.call('GET', url);
      expect(res.status, url).toBe(400);
      expect(res.body).toEqual({ code: 40010, message: '格式不正确', data: null });
    }
  });
});
