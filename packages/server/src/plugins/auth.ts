import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { can, ResultCode, UserStatus, AccountStatus, type Side } from '@herald/contract';
import type { Db } from '../db/client';
import { named } from '../db/named';
import { AppError } from '../lib/errors';
import type { AuthContext, RouteAccess } from '../lib/context';
import type { JwtKeys } from '../modules/auth/jwt';
import { effectivePermissions } from '../modules/auth/permissions';

type SessionRow = {
  user_id: number;
  username: string;
  side: Side;
  account_id: number | null;
  is_super_admin: boolean;
  data_permission: string;
  status: number;
  must_change_password: boolean;
  revoked_at: string | null;
  expires_at: string;
  account_status: number | null;
  account_permissions: string[] | null;
  role_permissions: string[] | null;
};

/**
 * Loads the caller from the bearer token and the database on every request, so a revoked
 * session, a disabled user or a disabled account is cut off at once, not when the token expires.
 */
export async function loadAuthContext(db: Db, userId: number, sessionId: string, ip: string): Promise<AuthContext> {
  // named (db/named.ts): it runs for every signed-in request, and planning its joins was most of its cost
  const rows = (await named(
    db,
    'auth.session',
    sql`
    select u.id as user_id, u.username, u.side, u.account_id, u.is_super_admin, u.data_permission, u.status,
           u.must_change_password, s.revoked_at, s.expires_at,
           a.status as account_status, a.permissions as account_permissions,
           (select coalesce(array_agg(distinct p), '{}') from user_roles ur
              join roles r on r.id = ur.role_id, unnest(r.permissions) p
             where ur.user_id = u.id) as role_permissions
      from sessions s
      join users u on u.id = s.user_id
      left join accounts a on a.id = u.account_id
     where s.id = ${sessionId} and u.id = ${userId}`,
  )) as SessionRow[];
  const row = rows[0];
  if (!row || row.revoked_at || new Date(row.expires_at).getTime() < Date.now()) {
    throw new AppError(ResultCode.LOGIN_TIMEOUT, 'error.loginTimeout');
  }
  if (row.status !== UserStatus.ENABLED) throw new AppError(ResultCode.LOGIN_TIMEOUT, 'error.loginTimeout');
  if (row.side === 'ac' && row.account_status !== AccountStatus.ENABLED) {
    throw new AppError(ResultCode.LOGIN_TIMEOUT, 'error.loginTimeout');
  }
  return {
    userId: row.user_id,
    username: row.username,
    sessionId,
    side: row.side,
    accountId: row.account_id,
    isSuperAdmin: row.is_super_admin,
    ownDataOnly: row.side === 'ac' && !row.is_super_admin && row.data_permission === 'self',
    mustChangePassword: row.must_change_password,
    permissions: effectivePermissions({
      side: row.side,
      isSuperAdmin: row.is_super_admin,
      accountPermissions: row.account_permissions,
      rolePermissions: row.role_permissions ?? [],
    }),
    ip,
  };
}

export function checkAccess(auth: AuthContext, access: RouteAccess | undefined): void {
  if (!access) return;
  if (auth.mustChangePassword && !access.allowInitPwd) {
    throw new AppError(ResultCode.PASSWORD_CHANGE_REQUIRED, 'error.passwordChangeRequired');
  }
  if (access.side && access.side !== auth.side) throw new AppError(ResultCode.FORBIDDEN, 'error.forbidden');
  if (access.superAdmin && !auth.isSuperAdmin) throw new AppError(ResultCode.FORBIDDEN, 'error.forbidden');
  const p = access.permission;
  if (p === undefined) return;
  const required =
    typeof p === 'string' || Array.isArray(p)
      ? (p as string | readonly string[])
      : (p as Partial<Record<Side, string | readonly string[]>>)[auth.side];
  if (required === undefined || !can(auth.permissions, required)) {
    throw new AppError(ResultCode.FORBIDDEN, 'error.forbidden');
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1];
}

/**
 * Every route is authenticated unless its `config.access.public` says otherwise. It runs on
 * request, before the body is read and validated: a caller without a token or the permission
 * gets 401/403, never a validation answer that tells them about the endpoint, and an upload is
 * refused before its bytes are taken in.
 */
export const authPlugin = fp<{ db: Db; jwt: JwtKeys }>(
  async (app, { db, jwt }) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.addHook('onRequest', async (req) => {
      const access = req.routeOptions.config?.access;
      if (access?.public || req.is404) return;
      const token = bearerToken(req.headers.authorization);
      if (!token) throw new AppError(ResultCode.TOKEN_INVALID, 'error.tokenInvalid');
      const claims = await jwt.verify(token);
      if (claims === 'expired') throw new AppError(ResultCode.LOGIN_TIMEOUT, 'error.loginTimeout');
      if (claims === 'invalid') throw new AppError(ResultCode.TOKEN_INVALID, 'error.tokenInvalid');
      const userId = Number(claims.sub);
      if (!Number.isInteger(userId)) throw new AppError(ResultCode.TOKEN_INVALID, 'error.tokenInvalid');
      req.auth = await loadAuthContext(db, userId, claims.sid, req.ip);
      checkAccess(req.auth, access ?? {});
    });
  },
  { name: 'herald-auth' },
);
