import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@herald/contract';
import { startServer } from './harness';
import { collectRoutes, permissionCodes as codesOf, type SeenRoute } from './route-catalogue';

/**
 * The contract against the server's routes: every permission a route asks for is a code of the
 * contract's catalogue (a typo would lock everyone out of it), and every route of the admin API
 * validates its input and documents its answer with zod schemas.
 */
let routes: SeenRoute[] = [];
let server: Awaited<ReturnType<typeof startServer>>;
let probe: FastifyInstance;

beforeAll(async () => {
  server = await startServer();
  ({ routes, probe } = await collectRoutes(server));
});
afterAll(async () => {
  await probe?.close();
  await server?.close();
});

describe('routes and the contract', () => {
  it('registers the API', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.some((r) => r.url === '/user/login' && r.method === 'POST')).toBe(true);
  });

  it('asks only for permission codes of the catalogue', () => {
    const unknown = routes.flatMap((r) =>
      codesOf(r.access?.permission)
        .filter((c) => !ALL_PERMISSIONS.has(c))
        .map((c) => `${r.method} ${r.url}: ${c}`),
    );
    expect(unknown).toEqual([]);
  });

  it('says who may call every route', () => {
    expect(routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('validates the path parameters of every route with a schema', () => {
    const missing = routes.filter((r) => /:[A-Za-z]/.test(r.url) && !r.schema?.params);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('validates every request body it reads', () => {
    // a POST/PUT without a body schema must be one whose handler takes no body (an action on :id)
    const bodyless = routes.filter(
      (r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.schema?.body && !r.schema?.querystring,
    );
    expect(bodyless.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'POST /v1/account-api/genAccountApiSecret',
        'POST /v1/account-api/keys/:id/end-overlap',
        'POST /v1/webhooks/deliveries/:id/redeliver',
        'POST /v1/accounts/:id/unlock-admin',
        'POST /v1/devices/:id/logs',
        'POST /v1/devices/:id/restart',
        'POST /v1/devices/:id/test-print',
        'POST /v1/devices/imports/:id/secrets',
        'POST /v1/devices/:id/jobs/:jobId/cancel',
        'POST /v1/records/print/:id/cancel',
        'POST /v1/records/print/:id/reprint',
        'POST /v1/records/broadcast/:id/cancel',
        'POST /v1/records/broadcast/:id/reprint',
        'POST /v1/notices/:id/publish',
        'POST /v1/ota-tasks/:id/cancel',
        'POST /v1/ota-tasks/:id/pause',
        'POST /v1/ota-tasks/:id/resume',
        'POST /v1/ota-tasks/:id/abort',
        'POST /v1/ota-tasks/:id/approve',
        'POST /v1/push-tasks/:id/cancel',
        'POST /v1/smart-config/:id/list',
        'POST /v1/users/:id/reset-password',
        'POST /v1/users/:id/send-activation',
        'POST /v1/users/:id/unlock',
        // raw bytes of a device's log upload, checked by the handler (size, token)
        'PUT /device/v1/logs/:token',
      ].sort(),
    );
  });

  it('documents the answer of every route but file downloads and /metrics', () => {
    const missing = routes.filter((r) => !(r.schema?.response as Record<string, unknown> | undefined)?.[200]);
    expect(missing.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'GET /v1/models/:id/image',
        'GET /v1/public/qr-logos/:key',
        'GET /v1/push-tasks/:id/logo',
        'GET /v1/public/avatars/:key',
        'GET /v1/devices/import-template',
        'GET /v1/devices/export',
        'GET /v1/devices/:id/logs/:logId',
        'GET /v1/certificates/:id/download',
        'GET /device/v1/files/:id',
        'GET /public/smart-config/download',
        'GET /public/smart-config/:id/download',
        // Prometheus' text format, for Prometheus
        'GET /metrics',
      ].sort(),
    );
  });
});
