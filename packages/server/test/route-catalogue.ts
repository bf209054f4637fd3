import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Server } from '../src/app';
import type { Side } from '@herald/contract';
import type { RouteAccess } from '../src/lib/context';
import type { App } from '../src/lib/deps';
import { modules } from '../src/modules';

/** One method of one route as registered by a module: its access declaration and its schema. */
export type SeenRoute = { method: string; url: string; access?: RouteAccess; schema?: Record<string, unknown> };

/**
 * Every route the modules register (HEAD left out), collected by registering `modules` on a
 * probe Fastify instance with an onRoute hook. The probe only records routes; close it when done.
 */
export async function collectRoutes(server: Server): Promise<{ routes: SeenRoute[]; probe: FastifyInstance }> {
  const routes: SeenRoute[] = [];
  const probe = Fastify({ logger: false });
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
  return { routes, probe };
}

const asList = (p: string | readonly string[]): string[] => (typeof p === 'string' ? [p] : [...p]);

/** The codes of a route's permission: one code, a list (any suffices) or one per side (here: all sides'). */
export const permissionCodes = (p: RouteAccess['permission']): string[] =>
  p === undefined
    ? []
    : typeof p === 'string' || Array.isArray(p)
      ? asList(p as string | readonly string[])
      : Object.values(p as Record<string, string | readonly string[]>).flatMap(asList);

/**
 * What a route asks of one side: its codes (any suffices; none = open to the side's signed-in
 * users), or 'refused' when the route names permissions per side and leaves this side out.
 */
export function sideCodes(p: RouteAccess['permission'], side: Side): string[] | 'refused' {
  if (p === undefined || typeof p === 'string' || Array.isArray(p)) return permissionCodes(p);
  const own = (p as Partial<Record<Side, string | readonly string[]>>)[side];
  return own === undefined ? 'refused' : asList(own);
}
