import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../src/app';
import { startPeer, startServer, type TestServer } from './harness';

/**
 * The security headers over real HTTP: on the console's HTML and files, an API answer (and an
 * error), /openapi.json and /docs. The policy names the map's tile server (MAP_TILE_URL, its
 * `{s}` spelled out); HSTS only where PUBLIC_URL is HTTPS (e2e/tours.test.ts runs the console
 * under the policy in Chromium).
 */

const TILES = 'https://{s}.tiles.example.org:8443/{z}/{x}/{y}.png';
let server: TestServer;
let https: Server | undefined;
let webDist: string;

const urlOf = (s: Server) => `http://127.0.0.1:${(s.app.server.address() as net.AddressInfo).port}`;

beforeAll(async () => {
  // a stand-in for the built console: its page and one of its files
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Herald</title><script src="/app.js"></script>',
  );
  fs.writeFileSync(path.join(webDist, 'app.js'), 'document.title = "Herald";');
  server = await startServer({ WEB_DIST: webDist, MAP_TILE_URL: TILES });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await https?.close();
  await server?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/**
 * An answer read to its end: a body left unread holds its connection busy (the server is still
 * writing it), and closing the server then waits for it (the afterAll once timed out on PostgreSQL).
 */
async function get(base: string, p: string, accept = '*/*') {
  const res = await fetch(`${base}${p}`, { headers: { accept } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('security headers', () => {
  it('are on the console, its files, API answers and errors, /openapi.json and /docs', async () => {
    const base = urlOf(server);
    const answers = {
      console: await get(base, '/device/list', 'text/html'),
      file: await get(base, '/app.js'),
      api: await get(base, '/oauth/alive'),
      refusal: await get(base, '/v1/accounts'),
      missing: await get(base, '/v1/no-such-thing'),
      openapi: await get(base, '/openapi.json'),
      docs: await get(base, '/docs'),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]))).toEqual({
      console: 200,
      file: 200,
      api: 200,
      refusal: 401,
      missing: 404,
      openapi: 200,
      docs: 200,
    });
    expect(answers.console.text).toContain('<title>Herald</title>');
    for (const [what, res] of Object.entries(answers)) {
      const h = res.headers;
      const csp = h.get('content-security-policy') ?? '';
      expect(csp, what).toContain("default-src 'self'");
      expect(csp, what).toContain("script-src 'self';");
      expect(csp, what).toContain("object-src 'none'");
      expect(csp, what).toContain("frame-ancestors 'none'");
      // the tile server, exactly: Leaflet's subdomains a, b and c, the scheme and the port
      expect(csp, what).toContain(
        "img-src 'self' data: blob: https://a.tiles.example.org:8443 https://b.tiles.example.org:8443 https://c.tiles.example.org:8443;",
      );
      expect(csp, what).not.toContain('unsafe-eval');
      expect(h.get('x-content-type-options'), what).toBe('nosniff');
      expect(h.get('x-frame-options'), what).toBe('DENY');
      expect(h.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
      // PUBLIC_URL is http: no HSTS
      expect(h.get('strict-transport-security'), what).toBeNull();
    }
  });

  it('HSTS only when PUBLIC_URL is HTTPS; without MAP_TILE_URL images come from Herald and data:/blob: only', async () => {
    https = await startPeer(server, { PUBLIC_URL: 'https://herald.example.com' });
    await https.app.listen({ port: 0, host: '127.0.0.1' });
    for (const p of ['/oauth/alive', '/v1/accounts', '/openapi.json', '/docs']) {
      const res = await get(urlOf(https), p);
      expect(res.headers.get('strict-transport-security'), p).toBe('max-age=31536000');
      expect(res.headers.get('content-security-policy'), p).toContain("img-src 'self' data: blob:;");
    }
  });
});
