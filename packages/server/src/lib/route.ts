import type { ApiRoute, Envelope } from '@herald/contract';
import { envelope } from '@herald/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { App } from './deps';

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type ParamsOut<D extends ApiRoute> = D extends { params: z.ZodType } ? z.output<D['params']> : Record<string, string>;

/** The request as the description's schemas leave it after validation. */
export type RouteRequest<D extends ApiRoute> = FastifyRequest<{
  Params: ParamsOut<D>;
  Querystring: Out<D['query']>;
  Body: Out<D['body']>;
}>;

/** An envelope around what the response schema accepts; a file route answers through `reply` itself. */
export type RouteAnswer<D extends ApiRoute> = D['response'] extends z.ZodType
  ? Envelope<z.input<D['response']>>
  : unknown;

export type RouteHandler<D extends ApiRoute> = (
  req: RouteRequest<D>,
  reply: FastifyReply,
) => Promise<RouteAnswer<D>> | RouteAnswer<D>;

/** What some routes add that is no part of their HTTP shape: body limits, early hooks, guard and drain flags. */
export type RouteExtras = Pick<RouteOptions, 'bodyLimit' | 'onRequest' | 'preHandler'> & {
  config?: Omit<FastifyContextConfig, 'access'>;
  /** OpenAPI-only additions (e.g. `produces` of a file answer) */
  schema?: Record<string, unknown>;
};

/**
 * Registers one described route: method, path, access, validation and the OpenAPI entry all come
 * from the contract's description, so the console's client and the server cannot drift apart.
 */
export function register<const D extends ApiRoute>(
  app: App,
  d: D,
  handler: RouteHandler<D>,
  extras: RouteExtras = {},
): void {
  const { config, schema, ...rest } = extras;
  (app as unknown as FastifyInstance).route({
    ...rest,
    method: d.method,
    url: d.path,
    config: { ...config, access: d.access },
    schema: {
      tags: [...d.tags],
      summary: d.summary,
      ...(d.description !== undefined ? { description: d.description } : {}),
      ...(d.params ? { params: d.params } : {}),
      ...(d.query ? { querystring: d.query } : {}),
      ...(d.body ? { body: d.body } : {}),
      ...(d.response !== 'file' ? { response: { 200: envelope(d.response) } } : {}),
      ...schema,
    },
    handler: handler as RouteOptions['handler'],
  });
}
