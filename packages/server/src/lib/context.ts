import type { Side } from '@herald/contract';

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

/** What a route declares about access; the auth plugin enforces it. */
export type RouteAccess = {
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
