import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_API } from '@herald/contract';
import { openApiSignature } from '../src/modules/open-api/sign';
import { lastMailTo, seedAccount, seedRoleUser } from './fixtures';
import { ADMIN_PASSWORD, adminClient, Client, expectOk, startServer } from './harness';
import { freshNonce, OpenClient } from './open-api-fixture';

/**
 * What the server logs, captured as production writes it (its own logger options, at the most
 * talkative level), while every kind of credential passes through it: sign-in, codes and token
 * refreshes, the lock screen's password check, showing the API secret, password change, reset and
 * activation, signed open-API calls (and signatures put where they do not belong, in the query),
 * push-address configuration and the devices' signed download URLs and upload tokens. None of
 * the values may appear in the log, in any spelling a URL gives it.
 */

let server: Awaited<ReturnType<typeof startServer>>;
const lines: string[] = [];
/** label → value: every secret the calls below send or receive */
const secrets = new Map<string, string>();
const keep = (label: string, value: string | null | undefined) => {
  expect(value, label).toBeTruthy();
  secrets.set(label, value!);
  return value!;
};
const redirectUri = 'http://localhost:8080/home';

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'trace' }, (line) => void lines.push(line));
});
afterAll(async () => server?.close());

/** The log lines that show a value, in any of the ways a URL or a form carries it. */
const showing = (value: string) => {
  const forms = new Set([value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]);
  return lines.filter((l) => [...forms].some((f) => l.includes(f)));
};

describe('the server log', () => {
  it('shows no password, token, secret or signature that passed through the server', async () => {
    // sign-in of the operator: the initial password, its change, the tokens
    keep('initial admin password', ADMIN_PASSWORD);
    const op = await adminClient(server, keep('new admin password', `Op#${randomBytes(6).toString('hex')}`));
    keep('operator access token', op.token);
    keep('operator refresh token', op.refreshToken);

    // an account administrator: direct sign-in, the console's code flow and both refreshes
    const shopPassword = keep('account password', `Shop#${randomBytes(6).toString('hex')}`);
    const shop = await seedAccount(server, { password: shopPassword });
    keep('account access token', shop.client.token);
    const anon = new Client(server);
    const authorized = expectOk(
      await anon.post('/oauth/authorize', { username: shop.username, password: shopPassword, redirectUri }),
    );
    const code = keep('authorization code', authorized.code);
    const exchanged = expectOk(
      await anon.post('/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    );
    keep('code access token', exchanged.access_token);
    const refresh = keep('code refresh token', exchanged.refresh_token);
    // form-encoded, as OAuth clients send it
    const form = await server.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const rotated = form.json().data;
    keep('rotated access token', rotated.access_token);
    const again = expectOk(await anon.post('/oauth/refresh_token', { refresh_token: rotated.refresh_token }));
    keep('rotated refresh token', rotated.refresh_token);
    keep('last refresh token', again.refresh_token);

    // the lock screen, right and wrong, and a client still sending the password in the URL
    expect(expectOk(await shop.client.post('/v1/common/verifyPassword', { password: shopPassword }))).toBe(true);
    const wrong = keep('wrong password', `Wrong#${randomBytes(6).toString('hex')}`);
    expect((await shop.client.post('/v1/common/verifyPassword', { password: wrong })).body.code).toBe(40010);
    const legacy = keep('password in a URL', `Url#${randomBytes(6).toString('hex')}`);
    await shop.client.get(`/v1/common/verifyPassword?password=${encodeURIComponent(legacy)}`);
    await shop.client.get(`/v1/account-api/queryApiSecret?password=${encodeURIComponent(legacy)}`);

    // the open API's secret: generated, shown again, and a push address carrying its own token
    const generated = expectOk(await shop.client.post('/v1/account-api/genAccountApiSecret'));
    keep('generated API secret', generated.secret);
    const shown = expectOk(await shop.client.post('/v1/account-api/queryApiSecret', { password: shopPassword }));
    expect(shown.secret).toBe(generated.secret);
    const hookToken = keep('push address token', randomBytes(12).toString('hex'));
    expectOk(
      await shop.client.post('/v1/account-api/modifyAccountApi', {
        pushUrls: { print: `https://hooks.example.com/herald?token=${hookToken}` },
      }),
    );

    // a signed open-API call, and one whose signature and secret were put in the query instead
    const nonce = freshNonce();
    const timestamp = String(Date.now());
    const body = JSON.stringify({ sn: 'NOSUCHDEVICE' });
    const path = '/open/v1/device';
    const signature = keep(
      'open-API signature',
      openApiSignature(generated.secret, { appKey: generated.appKey, timestamp, nonce, method: 'POST', path, body }),
    );
    const signed = await new OpenClient(server, generated.appKey, generated.secret).call(path, undefined, {
      raw: body,
      nonce,
      timestamp: Number(timestamp),
      signature,
    });
    expect(signed.status).toBeLessThan(500);
    expect(signed.body.code).not.toBe(40020);
    const querySig = keep('signature in a query', randomBytes(32).toString('hex'));
    const h = OPEN_API.headers;
    const inQuery = await server.app.inject({
      method: 'POST',
      url: `${path}?${new URLSearchParams({ appKey: generated.appKey, sign: querySig, [h.signature]: querySig, appSecret: generated.secret })}`,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(inQuery.statusCode).toBe(401);

    // password change, reset (mailed) and activation (a mailed link, then the page asks who it is for)
    const changed = keep('changed account password', `Chg#${randomBytes(6).toString('hex')}`);
    expectOk(
      await shop.client.post('/users/current/password', {
        oldPassword: shopPassword,
        newPassword: changed,
        confirmPassword: changed,
      }),
    );
    const email = `logged${Date.now()}@example.com`;
    const account = expectOk(
      await op.post('/v1/accounts', {
        name: `Logged ${Date.now()}`,
        country: 'CN',
        timeZone: 'Asia/Shanghai',
        industry: '01',
        subjectType: 'personal',
        subjectName: 'Logged',
        adminEmail: email,
      }),
    );
    const link = (await lastMailTo(server, email))!.link!;
    const token = keep('activation token', new URL(link).searchParams.get('token'));
    expectOk(await anon.get(`/users/active/info?token=${encodeURIComponent(token)}`));
    const activated = keep('activation password', `Act#${randomBytes(6).toString('hex')}`);
    expectOk(await anon.post('/users/active/user', { token, password: activated, confirmPassword: activated }));
    expect(account.id).toBeGreaterThan(0);
    const staffPassword = keep('staff password', `Staff#${randomBytes(6).toString('hex')}`);
    const staff = await seedRoleUser(server, { side: 'op', permissions: [], password: staffPassword });
    expectOk(await op.post(`/v1/users/${staff.userId}/reset-password`));
    const resetMail = (await lastMailTo(server, `${staff.username}@example.com`))!;
    keep('reset password', /\n {4}(\S+)\n/.exec(resetMail.body)?.[1]);

    // devices: a signed download URL's signature, a one-time log upload token in the path
    const sig = keep('download signature', randomBytes(32).toString('hex'));
    await server.app.inject({ method: 'GET', url: `/device/v1/files/1?exp=${Date.now() + 60_000}&sig=${sig}` });
    const uploadToken = keep('log upload token', randomBytes(24).toString('hex'));
    await server.app.inject({ method: 'PUT', url: `/device/v1/logs/${uploadToken}`, payload: 'log' });

    // the log did record these calls (a silent logger would pass everything below)
    const urls = lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url).filter(Boolean);
    for (const p of ['/v1/common/verifyPassword', '/v1/account-api/queryApiSecret', '/oauth/token', path])
      expect(
        urls.some((u) => u!.startsWith(p)),
        p,
      ).toBe(true);
    expect(urls.some((u) => u!.includes('password=[redacted]'))).toBe(true);

    const leaked = [...secrets].flatMap(([label, value]) => showing(value).map((l) => `${label}: ${l.slice(0, 300)}`));
    expect(leaked).toEqual([]);
  });
});
