import type { ApiRoute, PathParams } from '@herald/contract';
import { pathOf } from './api-path';
import { download, fetchBlob, request, type Params, type RequestOptions } from './http';
import type { Infer } from './infer';

/** What a schema accepts (the console sends input; the server's defaults and coercions apply after). */
type Input<S> = S extends { _zod: { input: infer I } } ? I : never;

type ParamsIn<D extends ApiRoute> = D extends { params: object }
  ? Input<D['params']>
  : keyof PathParams<D['path']> extends never
    ? never
    : PathParams<D['path']>;

/** What one call carries besides its route: path params, query and body, each only when the route has them. */
export type CallInput<D extends ApiRoute> = ([ParamsIn<D>] extends [never] ? unknown : { params: ParamsIn<D> }) &
  (D extends { query: object } ? { query?: Input<D['query']> } : unknown) &
  (D extends { body: object } ? { body: Input<D['body']> } : unknown);

/** The parsed `data` of the route's envelope. */
export type CallResult<D extends ApiRoute> = D['response'] extends 'file' ? never : Infer<D['response']>;

export type CallOptions = Pick<RequestOptions, 'noToken' | 'silent'>;

type NeedsInput<D extends ApiRoute> = [ParamsIn<D>] extends [never]
  ? D extends { body: object }
    ? true
    : false
  : true;

type CallArgs<D extends ApiRoute> =
  NeedsInput<D> extends true ? [input: CallInput<D>, opts?: CallOptions] : [input?: CallInput<D>, opts?: CallOptions];

/**
 * Calls an admin-API route from its contract description, through the one client (lib/http.ts:
 * lang, token refresh, error toasts). POST and PUT without a body send `{}`, as the client always did.
 */
export function call<D extends ApiRoute>(d: D, ...[input, opts]: CallArgs<D>): Promise<CallResult<D>> {
  const i = (input ?? {}) as { params?: object; query?: Params; body?: unknown };
  const body = i.body ?? (d.method === 'POST' || d.method === 'PUT' ? {} : undefined);
  return request<CallResult<D>>(d.method, pathOf(d, i.params), { ...opts, params: i.query, body });
}

/** A file route (`response: 'file'`) saved as a download. */
export const downloadFrom = <D extends ApiRoute>(
  d: D,
  params: object | undefined,
  query: Params,
  fallbackName: string,
) => download(pathOf(d, params), query, fallbackName);

/** A file route (`response: 'file'`) as a Blob (a picture behind the token). */
export const blobFrom = <D extends ApiRoute>(d: D, params?: object, query?: Params) =>
  fetchBlob(pathOf(d, params), query);
