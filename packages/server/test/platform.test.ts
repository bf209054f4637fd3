import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, expectError, startServer } from './harness';

let server: Awaited<ReturnType<typeof startServer>>;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Herald</title><div id="root"></div>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  // the build's compressed copies (packages/web/precompress.ts)
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js.gz'), zlib.gzipSync('console.log(1)'));
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('platform', () => {
  it('publishes an OpenAPI document with the documented paths', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/user/login',
      '/oauth/token',
      '/oauth/refresh_token',
      '/users/current',
      '/users/active/user',
      '/v1/common/verifyPassword',
    ]) {
      expect(Object.keys(doc.paths), p).toContain(p);
    }
    expect(doc.paths['/user/login'].post.requestBody).toBeTruthy();
    // calls that change something or carry a password are POSTs with a body, on the spec's paths
    for (const p of [
      '/v1/common/verifyPassword',
      '/v1/account-api/queryApiSecret',
      '/v1/account-user-notice-msg/markReadAll',
      '/v1/account-user-notice-msg/setNoticeMsgLanguage',
      '/v1/account-user-notice-msg/configAccountNoticeMsgReceiver',
    ]) {
      expect(Object.keys(doc.paths[p] ?? {}), p).toEqual(['post']);
      expect(doc.paths[p].post.requestBody, p).toBeTruthy();
    }
  });

  it('documents the open API as signed by its four headers, with its refusals and the lang parameter', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const schemes = doc.components.securitySchemes;
    expect(Object.values(schemes).map((x) => (x as { name?: string }).name)).toEqual(
      expect.arrayContaining(['x-herald-appkey', 'x-herald-timestamp', 'x-herald-nonce', 'x-herald-signature']),
    );
    for (const p of ['/open/v1/print', '/open/v1/speak', '/open/v1/trade', '/open/v1/record', '/open/v1/device']) {
      const op = doc.paths[p].post;
      expect(op.security, p).toEqual([{ heraldAppKey: [], heraldTimestamp: [], heraldNonce: [], heraldSignature: [] }]);
      expect(Object.keys(op.responses), p).toEqual(
        expect.arrayContaining(['200', '400', '401', '409', '413', '415', '429']),
      );
      expect(
        op.parameters.map((x: { name: string; in: string }) => `${x.in}:${x.name}`),
        p,
      ).toContain('query:lang');
    }
    // the console's calls keep the bearer token
    expect(doc.paths['/users/current'].get.security ?? doc.security).toEqual([{ bearer: [] }]);
  });

  it("documents the upload's body: the raw bytes, with each purpose's limits and formats", async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths['/v1/files'].post;
    expect(op.requestBody.required).toBe(true);
    expect(Object.keys(op.requestBody.content)).toEqual(['application/octet-stream']);
    expect(op.requestBody.content['application/octet-stream'].schema).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    const text = op.requestBody.description as string;
    for (const limit of ['`firmware`: at most 10 MiB, .zip .gz .pz .bin', '`logo`: at most 64 KiB, .bmp'])
      expect(text).toContain(limit);
    expect(text).toContain('multipart/form-data body is not parsed');
    const params = op.parameters as { name: string; in: string; required: boolean; description?: string }[];
    expect(params.filter((p) => p.required).map((p) => p.name)).toEqual(['purpose', 'name']);
    expect(params.every((p) => p.in === 'query' && p.description)).toBe(true);
    // the file's metadata read keeps its own shape
    expect(doc.paths['/v1/files/{id}'].get.requestBody).toBeUndefined();
  });

  it('answers unknown API paths with the 404 envelope, translated', async () => {
    const en = await new Client(server).get('/v1/nothing-here');
    expect(en.status).toBe(404);
    expectError(en, 40004, 'The requested path does not exist');
    expectError(await new Client(server, 'zh_CN').get('/v1/nothing-here'), 40004, '请求的路径不存在');
  });

  it('serves the console for browser paths and its assets', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/account/list', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    // assets are named by content hash: kept for good; the page itself is asked for again each time
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(page.headers['cache-control']).toBe('no-cache');
    // the copy compressed at build time that the browser accepts, else the file itself
    const asJs = { 'content-type': expect.stringMatching(/^(text|application)\/javascript/) };
    const br = await server.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers).toMatchObject({ ...asJs, 'content-encoding': 'br', vary: 'accept-encoding' });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await server.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers).toMatchObject({ ...asJs, 'content-encoding': 'gzip' });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await server.app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const index = await server.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.headers['cache-control']).toBe('no-cache');
    // the icon keeps its name: kept a day, not asked for again at every page
    const icon = await server.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    const traversal = await server.app.inject({
      method: 'GET',
      url: '/..%2f..%2fetc/passwd',
      headers: { accept: 'text/html' },
    });
    expect(traversal.body).not.toContain('root:');
  });

  it('refuses oversized bodies without a 500', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/user/login',
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(40010);
  });

  it('refuses unexpected content types and hostile shapes', async () => {
    const xml = await server.app.inject({
      method: 'POST',
      url: '/user/login',
      payload: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe(40010);
    const c = new Client(server);
    expectError(await c.post('/user/login', { username: { $ne: '' }, password: ['x'] }), 40010);
    expectError(
      await c.post('/user/login', { username: 'admin', password: 'x'.repeat(100) }),
      40010,
      'Maximum password length is 16 characters',
    );
  });
});
