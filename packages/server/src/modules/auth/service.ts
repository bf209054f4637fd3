import { randomUUID } from 'node:crypto';
import { avatarUrl } from '../../lib/avatar-url';
import { eq, sql } from 'drizzle-orm';
import {
  AccountStatus,
  MAX_FAILED_LOGINS,
  ResultCode,
  UserStatus,
  type CurrentUser,
  type OperModule,
  type OperType,
} from '@herald/contract';
import { accounts, roles, userRoles, users } from '../../db/schema';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import type { AuthContext } from '../../lib/context';
import { AppError, invalid } from '../../lib/errors';
import { audit } from '../oper-log/audit';
import { underPasswordLimits, underTokenLimit } from './attempts';
import * as repo from './repo';

const CODE_TTL_MS = 60_000;
// verifying against a fixed hash when the user does not exist keeps timing from revealing usernames
const DUMMY_HASH = hashPassword('not-a-real-password-1');

export type ClientInfo = { ip: string; userAgent?: string };
export type TokenPair = { accessToken: string; refreshToken: string; expiresIn: number };

const timeout = () => new AppError(ResultCode.LOGIN_TIMEOUT, 'error.loginTimeout');

/**
 * Refuse sign-in (or refresh) for users who may not use Herald right now. A lock stops password
 * sign-ins only (`session: true` skips it): a live session proves an earlier good sign-in, and
 * otherwise anyone knowing a username could sign its owner out with five wrong passwords.
 */
async function assertMaySignIn(deps: Deps, user: repo.UserRow, opts: { session?: boolean } = {}): Promise<void> {
  if (user.status === UserStatus.DELETED) throw new AppError(ResultCode.BAD_CREDENTIALS, 'error.badCredentials');
  if (user.locked && !opts.session) throw new AppError(ResultCode.USER_LOCKED, 'error.userLocked');
  if (user.status === UserStatus.NOT_ENABLED) throw new AppError(ResultCode.USER_DISABLED, 'error.userNotActivated');
  if (user.status === UserStatus.DISABLED) throw new AppError(ResultCode.USER_DISABLED, 'error.userDisabled');
  if (user.side === 'ac') {
    const status = user.accountId ? await repo.findAccountStatus(deps.db, user.accountId) : undefined;
    if (status !== AccountStatus.ENABLED) throw new AppError(ResultCode.ACCOUNT_DISABLED, 'error.accountDisabled');
  }
}

/**
 * A wrong password (at sign-in or a password check of a signed-in user) counts towards the lock-out;
 * the one that locks the user is logged and answered 'locked' instead of the caller's own refusal.
 */
async function countWrongPassword(deps: Deps, user: repo.UserRow, who: Parameters<typeof audit>[1]): Promise<void> {
  if (!(await repo.recordFailedLogin(deps.db, user.id, MAX_FAILED_LOGINS))) return;
  await audit(deps.db, who, {
    module: 'auth',
    type: 'login',
    description: { key: 'log.auth.locked', params: { username: user.username, max: MAX_FAILED_LOGINS } },
  });
  throw new AppError(ResultCode.USER_LOCKED, 'error.userLocked');
}

/**
 * Check a username and password. Five consecutive wrong passwords lock the user until an
 * administrator unlocks it; a locked user is refused even with the right password. Failures are
 * also limited per client address and per username (attempts.ts).
 */
export function checkCredentials(deps: Deps, username: string, password: string, ip: string): Promise<repo.UserRow> {
  return underPasswordLimits(
    deps,
    { username, ip, log: { module: 'auth', type: 'login', key: 'log.auth.signInLimited' } },
    () => credentials(deps, username, password, ip),
  );
}

async function credentials(deps: Deps, username: string, password: string, ip: string): Promise<repo.UserRow> {
  const user = await repo.findUserByUsername(deps.db, username.trim());
  if (!user) {
    await verifyPassword(await DUMMY_HASH, password);
    throw new AppError(ResultCode.BAD_CREDENTIALS, 'error.badCredentials');
  }
  if (user.locked) throw new AppError(ResultCode.USER_LOCKED, 'error.userLocked');
  // an invited user has no password yet: say so rather than count a failure
  if (!user.passwordHash) throw new AppError(ResultCode.USER_DISABLED, 'error.userNotActivated');
  if (!(await verifyPassword(user.passwordHash, password))) {
    await countWrongPassword(deps, user, {
      userId: user.id,
      username: user.username,
      accountId: user.accountId,
      ip,
    });
    throw new AppError(ResultCode.BAD_CREDENTIALS, 'error.badCredentials');
  }
  await assertMaySignIn(deps, user);
  return user;
}

async function issueTokens(deps: Deps, userId: number, sessionId: string, db: Db = deps.db): Promise<TokenPair> {
  const refreshToken = randomToken();
  await repo.insertRefreshToken(db, {
    sessionId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlSec * 1000),
  });
  const accessToken = await deps.jwt.sign({ sub: String(userId), sid: sessionId }, deps.config.accessTokenTtlSec);
  return { accessToken, refreshToken, expiresIn: deps.config.accessTokenTtlSec };
}

/** A new sign-in: a session (the refresh-token family) and its first token pair. */
export async function startSession(deps: Deps, user: repo.UserRow, client: ClientInfo): Promise<TokenPair> {
  const sessionId = randomUUID();
  await repo.insertSession(deps.db, {
    id: sessionId,
    userId: user.id,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 255),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlSec * 1000),
  });
  await repo.recordSuccessfulLogin(deps.db, user.id, client.ip);
  await audit(
    deps.db,
    { userId: user.id, username: user.username, accountId: user.accountId, ip: client.ip },
    {
      module: 'auth',
      type: 'login',
      description: { key: 'log.auth.login', params: { username: user.username } },
    },
  );
  return issueTokens(deps, user.id, sessionId);
}

export async function login(deps: Deps, username: string, password: string, client: ClientInfo) {
  const user = await checkCredentials(deps, username, password, client.ip);
  const tokens = await startSession(deps, user, client);
  return { ...tokens, modifyInitPwd: user.mustChangePassword };
}

/**
 * The redirect address must point back at this console: its origin is the configured public
 * address, the origin the request came to, or one listed in ALLOWED_REDIRECT_ORIGINS.
 */
export function isAllowedRedirect(deps: Deps, redirectUri: string, requestOrigin: string | undefined): boolean {
  let origin: string;
  try {
    const u = new URL(redirectUri);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
    origin = u.origin;
  } catch {
    return false;
  }
  const allowed = [new URL(deps.config.publicUrl).origin, ...deps.config.allowedRedirectOrigins];
  if (requestOrigin) allowed.push(requestOrigin);
  return allowed.includes(origin);
}

export async function authorize(
  deps: Deps,
  input: { username: string; password: string; redirectUri: string },
  client: ClientInfo & { origin?: string },
) {
  if (!isAllowedRedirect(deps, input.redirectUri, client.origin)) throw invalid('validation.format', 'redirectUri');
  const user = await checkCredentials(deps, input.username, input.password, client.ip);
  const code = randomToken(24);
  await repo.insertAuthCode(deps.db, {
    codeHash: sha256(code),
    userId: user.id,
    redirectUri: input.redirectUri,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 255),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return { code };
}

const tokenLog = { module: 'auth', type: 'login', key: 'log.auth.tokenLimited' } as const;
const tokenFailed = (err: unknown) =>
  err instanceof AppError && (err.code === ResultCode.INVALID_GRANT || err.code === ResultCode.LOGIN_TIMEOUT);

/** Exchange a one-time code; it works once, within a minute, for the same redirect address. */
export function exchangeCode(deps: Deps, code: string, redirectUri: string, client: ClientInfo): Promise<TokenPair> {
  return underTokenLimit(deps, { ip: client.ip, log: tokenLog, failed: tokenFailed }, () =>
    exchange(deps, code, redirectUri, client),
  );
}

async function exchange(deps: Deps, code: string, redirectUri: string, client: ClientInfo): Promise<TokenPair> {
  const row = await repo.consumeAuthCode(deps.db, sha256(code));
  const grantFailed = new AppError(ResultCode.INVALID_GRANT, 'error.invalidGrant');
  if (!row || row.expiresAt.getTime() < Date.now() || row.redirectUri !== redirectUri) throw grantFailed;
  const user = await repo.findUserById(deps.db, row.userId);
  if (!user) throw grantFailed;
  await assertMaySignIn(deps, user);
  return startSession(deps, user, client);
}

/**
 * Rotate a refresh token. Each token works once; presenting a used one means it was copied,
 * so the whole family (the session) is revoked and the thief and the owner both sign in again.
 *
 * One exception, like Okta's grace period and Auth0's reuse interval: the owner whose answer
 * was lost (the console reloaded, the connection dropped mid-refresh) presents the same token
 * again. Once, within `refreshReuseLeewaySec` of its use and while the pair issued for it is
 * unused, it gets a new pair; the unseen pair is superseded, and presenting that one later
 * revokes the session like any reuse. So a thief who replays a just-used token in that window
 * is found out at the owner's next refresh instead of at once (docs/decisions.md).
 * Refreshes of one session run one at a time under a lock on its row. Failures are limited per
 * client address (attempts.ts).
 */
export function refresh(deps: Deps, refreshToken: string, ip: string): Promise<TokenPair> {
  return underTokenLimit(deps, { ip, log: tokenLog, failed: tokenFailed }, () => rotate(deps, refreshToken));
}

async function rotate(deps: Deps, refreshToken: string): Promise<TokenPair> {
  const found = await repo.findRefreshToken(deps.db, sha256(refreshToken));
  if (!found) throw timeout();
  const { token, session } = found;
  if (session.revokedAt || session.expiresAt.getTime() < Date.now() || token.expiresAt.getTime() < Date.now()) {
    throw timeout();
  }
  const user = await repo.findUserById(deps.db, session.userId);
  if (!user) throw timeout();
  try {
    await assertMaySignIn(deps, user, { session: true });
  } catch {
    await repo.revokeSession(deps.db, session.id, 'user_not_allowed');
    throw timeout();
  }
  const leeway = deps.config.refreshReuseLeewaySec;
  const pair = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockSession(tx, session.id);
    if (!locked || locked.revokedAt) return undefined;
    // re-read under the lock: a refresh that ran meanwhile may have used or superseded it
    const current = await repo.findRefreshTokenUnderLock(tx, token.id, leeway);
    if (!current) return undefined;
    const t = current.token;
    if (await repo.markRefreshTokenUsed(tx, t.id)) return issueTokens(deps, user.id, session.id, tx);
    const lostAnswer =
      leeway > 0 &&
      current.usedRecently &&
      !t.reissuedAt &&
      !t.supersededAt &&
      !(await repo.usedAfter(tx, session.id, t.id));
    if (!lostAnswer) {
      await repo.revokeSession(tx, session.id, 'refresh_token_reuse');
      return undefined;
    }
    await repo.reissueRefreshToken(tx, session.id, t.id);
    return issueTokens(deps, user.id, session.id, tx);
  });
  if (!pair) throw timeout();
  return pair;
}

export async function logout(deps: Deps, auth: AuthContext): Promise<void> {
  await repo.revokeSession(deps.db, auth.sessionId, 'logout');
  await audit(deps.db, auth, {
    module: 'auth',
    type: 'logout',
    description: { key: 'log.auth.logout', params: { username: auth.username } },
  });
}

export async function currentUser(deps: Deps, auth: AuthContext): Promise<CurrentUser> {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw timeout();
  const account = user.accountId
    ? (await deps.db.select().from(accounts).where(eq(accounts.id, user.accountId)).limit(1))[0]
    : undefined;
  const roleNames = await deps.db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, user.id));
  const family = auth.side === 'op' ? 'herald.op' : 'herald.ac';
  return {
    user: {
      id: user.id,
      username: user.username,
      name: user.name,
      nickname: user.nickname,
      email: user.email,
      phone: user.phone,
      isSuperAdmin: user.isSuperAdmin,
      dataPermission: user.dataPermission,
      messageLanguage: user.messageLanguage,
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      lastLoginIp: user.lastLoginIp,
      avatarUrl: avatarUrl(user.avatarKey),
    },
    account: account
      ? { id: account.id, name: account.name, timeZone: account.timeZone, country: account.country }
      : null,
    roles: [family, ...roleNames.map((r) => r.name)],
    selectedRole: family,
    permission: [...auth.permissions].sort(),
    modifyInitPwd: user.mustChangePassword,
  };
}

/** Limits of a signed-in user checking their own password, `key` being its wrong-password message. */
export const ownPasswordUse = (auth: AuthContext, log: { module: OperModule; type: OperType }, key: string) => ({
  username: auth.username,
  ip: auth.ip,
  user: { id: auth.userId, accountId: auth.accountId },
  log: { ...log, key: 'log.auth.passwordLimited' as const },
  failed: (err: unknown) => err instanceof AppError && err.messageKey === key,
});

/** Change one's own password (also the forced first change); other sessions are signed out. */
export async function changePassword(deps: Deps, auth: AuthContext, oldPassword: string, newPassword: string) {
  const use = ownPasswordUse(auth, { module: 'personal', type: 'changePassword' }, 'error.oldPasswordWrong');
  const user = await underPasswordLimits(deps, use, async () => {
    const found = await repo.findUserById(deps.db, auth.userId);
    if (!found || !(await verifyPassword(found.passwordHash, oldPassword))) {
      throw invalid('error.oldPasswordWrong', 'oldPassword');
    }
    return found;
  });
  if (oldPassword === newPassword) throw invalid('error.samePassword', 'newPassword');
  const hashed = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await repo.setPassword(tx, user.id, hashed, false);
    await repo.revokeUserSessions(tx, user.id, 'password_changed', auth.sessionId);
    await audit(tx, auth, {
      module: 'personal',
      type: 'changePassword',
      description: { key: 'log.auth.changePassword', params: { username: user.username } },
    });
  });
}

/**
 * Check the caller's own password (lock screen, certificate revocation). Wrong answers count
 * towards the same lock-out as sign-in, so a borrowed token cannot be used to guess the password.
 */
export function verifyOwnPassword(deps: Deps, auth: AuthContext, password: string): Promise<void> {
  const use = ownPasswordUse(auth, { module: 'auth', type: 'login' }, 'error.passwordMismatch');
  return underPasswordLimits(deps, use, () => checkOwnPassword(deps, auth, password));
}

async function checkOwnPassword(deps: Deps, auth: AuthContext, password: string): Promise<void> {
  const user = await repo.findUserById(deps.db, auth.userId);
  if (!user) throw timeout();
  if (user.locked) throw new AppError(ResultCode.USER_LOCKED, 'error.userLocked');
  if (await verifyPassword(user.passwordHash, password)) {
    if (user.failedLogins > 0) await repo.resetFailedLogins(deps.db, user.id);
    return;
  }
  await countWrongPassword(deps, user, auth);
  throw invalid('error.passwordMismatch', 'password');
}

async function liveUserToken(deps: Deps, token: string) {
  const row = await repo.findUserToken(deps.db, sha256(token));
  if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) throw invalid('error.activationFailed', 'token');
  const user = await repo.findUserById(deps.db, row.userId);
  if (!user || user.status === UserStatus.DELETED) throw invalid('error.activationFailed', 'token');
  return { row, user };
}

const activationLog = { module: 'auth', type: 'activate', key: 'log.auth.activationLimited' } as const;
const linkFailed = (err: unknown) => err instanceof AppError && err.messageKey === 'error.activationFailed';

/** Who an activation or reset link is for; wrong links are limited per client address (attempts.ts). */
export function activationInfo(deps: Deps, token: string, ip: string) {
  return underTokenLimit(deps, { ip, log: activationLog, failed: linkFailed }, () => linkInfo(deps, token));
}

async function linkInfo(deps: Deps, token: string) {
  const { row, user } = await liveUserToken(deps, token);
  return {
    username: user.username,
    email: user.email,
    purpose: row.purpose === 'reset' ? 'reset' : 'activate',
  } as const;
}

/** Set the password of a user being activated; the user becomes enabled. Wrong links are limited too. */
export function activate(deps: Deps, token: string, password: string, ip: string): Promise<void> {
  return underTokenLimit(deps, { ip, log: activationLog, failed: linkFailed }, () =>
    setFirstPassword(deps, token, password, ip),
  );
}

async function setFirstPassword(deps: Deps, token: string, password: string, ip: string): Promise<void> {
  const { user } = await liveUserToken(deps, token);
  const hashed = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const taken = await repo.consumeUserToken(tx, sha256(token));
    if (!taken) throw invalid('error.activationFailed', 'token');
    await repo.setPassword(tx, user.id, hashed, false);
    await tx
      .update(users)
      .set({
        status: sql`case when ${users.status} = ${UserStatus.NOT_ENABLED} then ${UserStatus.ENABLED} else ${users.status} end`,
      })
      .where(eq(users.id, user.id));
    await audit(
      tx,
      { userId: user.id, username: user.username, accountId: user.accountId, ip },
      {
        module: 'auth',
        type: 'activate',
        description: { key: 'log.auth.activate', params: { username: user.username } },
      },
    );
  });
}
