import type { z } from 'zod';
import type { Side } from '../permissions';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route asks of its caller; the server's auth plugin enforces it (the console only reads it). */
export type ApiAccess = {
  /** open without a token */
  public?: boolean;
  /** allowed while the initial password is still to be changed */
  allowInitPwd?: boolean;
  /** only callers of this side */
  side?: Side;
  /** only the side's super-administrator (e.g. the mail outbox, which holds activation links) */
  superAdmin?: boolean;
  /**
   * Permission needed: a code, a list of which any suffices, or one per side
   * (e.g. users: herald.admin.op.user.add for operators, herald.admin.ac.user.add for accounts);
   * a side left out is refused, a side given an empty list is open to its signed-in users.
   */
  permission?: string | readonly string[] | Partial<Record<Side, string | readonly string[]>>;
};

/**
 * One admin-API route, described once: the server registers it from this (lib/route.ts), the
 * console calls it through this (lib/api-client.ts), and the OpenAPI document comes from the
 * registration. `response` is the envelope's `data`; `'file'` marks an answer that is a file,
 * not an envelope (downloads, exports, pictures behind the token).
 */
export type ApiRoute = {
  method: ApiMethod;
  /** Fastify's syntax: `/v1/templates/:id` */
  path: `/v1/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | 'file';
  access: ApiAccess;
  summary: string;
  description?: string;
  tags: readonly string[];
};

/** Keeps the literal types of a description (its path, its schemas) for the server and the console. */
export const route = <const D extends ApiRoute>(d: D): D => d;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The `:name` segments of a path, as the object the console fills them from. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };
