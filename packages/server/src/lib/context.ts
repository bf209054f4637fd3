import type { ApiAccess, Side } from '@herald/contract';

/** Who is calling: set by the auth plugin on every authenticated request. */
export type AuthContext = {
  userId: number;
  username: string;
  sessionId: string;
  side: Side;
  /** null for operators */
  accountId: number | null;
  isSuperAdmin: boolean;
  /** data permission 'self' ("own data only", lib/data-scope.ts); never set for an account's administrator */
  ownDataOnly?: boolean;
  permissions: ReadonlySet<string>;
  mustChangePassword: boolean;
  ip: string;
};

/** What a route declares about access (described with the route in the contract); the auth plugin enforces it. */
export type RouteAccess = ApiAccess;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
    locale: import('@herald/contract').Locale;
    /** the answer's message key before translation (plugins/errors.ts), for records kept in any language */
    messageKey: string | undefined;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** 'later': the route runs the input guard itself (plugins/input-guard.ts, GUARDED_LATER) */
    inputGuard?: 'later';
    /** 'serve': answered while the server drains (plugins/drain.ts, SERVED_WHILE_DRAINING) */
    drain?: 'serve';
  }
}
