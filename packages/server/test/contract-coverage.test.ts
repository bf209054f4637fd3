import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@herald/contract';
import type { RouteAccess } from '../src/lib/context';
import type { App } from '../src/lib/deps';
import { modules } from '../src/modules';
import { startServer } from './harness';

/**
 * The contract against the server's routes: every permission a route asks for is a code of the
 * contract's catalogue (a typo would lock everyone out of it), and every route of the admin API
 * validates its input and documents its answer with zod schemas.
 */
type Seen = { method: string; url: string; access?: RouteAccess; schema?: Record<string, unknown> };
const routes: Seen[] = [];
let server: Awaited<ReturnType<typeof startServer>>;
let probe: FastifyInstance;

beforeAll(async () => {
  server = await startServer();
  probe = Fastify({ logger: false });
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  probe.addHook('onRoute', (r: RouteOptions) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods)
      if (method !== 'HEAD')
        routes.push({
          method,
          url: r.url,
          access: (r.config as { access?: RouteAccess } | undefined)?.access,
          schema: r.schema as Record<string, unknown> | undefined,
        });
  });
  for (const register of modules)
    await probe.register(async (scope: FastifyInstance) => register(scope as unknown as App, server.deps));
  await probe.ready();
});
afterAll(async () => {
  await probe?.close();
  await server?.close();
});

const codesOf = (p: RouteAccess['permission']): string[] =>
  p === undefined ? [] : typeof p === 'string' ? [p] : Array.isArray(p) ? [...p] : Object.values(p).map(String);

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
        'POST /v1/accounts/:id/unlock-admin',
        'POST /v1/devices/:id/logs',
        'POST /v1/devices/:id/restart',
        'POST /v1/ota-tasks/:id/cancel',
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

  it('documents the answer of every route but file downloads', () => {
    const missing = routes.filter((r) => !(r.schema?.response as Record<string, unknown> | undefined)?.[200]);
    expect(missing.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'GET /v1/models/:id/image',
        'GET /v1/devices/import-template',
        'GET /v1/devices/:id/logs/:logId',
        'GET /v1/certificates/:id/download',
        'GET /device/v1/files/:id',
        'GET /public/smart-config/download',
        'GET /public/smart-config/:id/download',
      ].sort(),
    );
  });
});
