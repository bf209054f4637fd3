import {
  UserStatus,
  type Page,
  type User,
  type createUserBody,
  type updateUserBody,
  type userListQuery,
} from '@herald/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../lib/context';
import { generatePassword, hashPassword } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, conflict, forbidden, invalid, notFound, uniqueViolation } from '../../lib/errors';
import { sendActivationMail } from '../auth/activation';
import { grantable } from '../auth/permissions';
import { revokeUserSessions, setPassword } from '../auth/repo';
import { audit } from '../oper-log/audit';
import * as rolesRepo from '../roles/repo';
import { avatarUrl } from '../../lib/avatar-url';
import { sideScope } from '../../lib/scope';
import * as repo from './repo';

type CreateUser = z.infer<typeof createUserBody>;
type UpdateUser = z.infer<typeof updateUserBody>;
type ListQuery = z.infer<typeof userListQuery>;

const userPermission = (auth: AuthContext, action: string) => `herald.admin.${auth.side}.user.${action}`;

const DUPLICATE_KEYS = {
  username: 'error.usernameExists',
  email: 'error.emailExists',
  phone: 'error.phoneExists',
} as const;

/**
 * The unique indexes on username, email and phone back up the pre-checks when two requests
 * race; their violation becomes the same message the pre-check gives, never a 500.
 */
export function duplicateError(err: unknown): AppError | undefined {
  const constraint = uniqueViolation(err);
  if (!constraint) return undefined;
  const field = (['username', 'email', 'phone'] as const).find((f) => constraint.includes(f)) ?? 'username';
  return conflict(DUPLICATE_KEYS[field], field);
}

export async function assertUnique(
  deps: Pick<Deps, 'db'>,
  v: { username?: string; email?: string; phone?: string | null },
  exceptId?: number,
): Promise<void> {
  const taken = await repo.findTaken(deps.db, v, exceptId);
  if (taken) throw conflict(DUPLICATE_KEYS[taken], taken);
}

/** '' from a cleared form field is stored as "no value". */
const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);

function profileValues(b: Omit<UpdateUser, 'roleIds'>): Partial<repo.UserInsert> {
  const out: Partial<repo.UserInsert> = {
    email: b.email,
    phone: blankToNull(b.phone),
    name: blankToNull(b.name),
    nickname: blankToNull(b.nickname),
    gender: b.gender,
    birthday: blankToNull(b.birthday),
    dataPermission: b.dataPermission,
  };
  for (const k of Object.keys(out) as (keyof typeof out)[]) if (out[k] === undefined) delete out[k];
  return out;
}

export function toUser(row: repo.UserRow, roles: repo.RoleRef[]): User {
  return {
    id: row.id,
    side: row.side as User['side'],
    accountId: row.accountId,
    username: row.username,
    email: row.email,
    phone: row.phone,
    name: row.name,
    nickname: row.nickname,
    gender: row.gender,
    birthday: row.birthday,
    dataPermission: row.dataPermission,
    status: row.status,
    locked: row.locked,
    isSuperAdmin: row.isSuperAdmin,
    roles,
    lastLoginIp: row.lastLoginIp,
    avatarUrl: avatarUrl(row.avatarKey),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function withRoles(deps: Pick<Deps, 'db'>, row: repo.UserRow): Promise<User> {
  return toUser(row, (await repo.rolesOfUsers(deps.db, [row.id])).get(row.id) ?? []);
}

/** A live (not deleted) user of the caller's scope; anything else is "not found". */
async function liveUser(deps: Pick<Deps, 'db'>, auth: AuthContext, id: number): Promise<repo.UserRow> {
  const user = await repo.findUser(deps.db, sideScope(auth), id);
  if (!user || user.status === UserStatus.DELETED) throw notFound();
  return user;
}

/** Only the super-administrator changes the super-administrator's own data. */
function assertNotOthersSuperAdmin(auth: AuthContext, user: repo.UserRow): void {
  if (user.isSuperAdmin && user.id !== auth.userId) throw forbidden('error.cannotChangeSuperAdmin');
}

/** Nobody deletes, disables or enables themselves or the super-administrator. */
function assertMayChangeStatus(auth: AuthContext, user: repo.UserRow): void {
  if (user.id === auth.userId) throw forbidden('error.cannotChangeSelf');
  if (user.isSuperAdmin) throw forbidden('error.cannotChangeSuperAdmin');
}

/** What users of the caller's side and account can hold at most. */
const grantableHere = async (deps: Pick<Deps, 'db'>, auth: AuthContext) =>
  grantable(auth.side, auth.accountId === null ? null : await rolesRepo.accountPermissions(deps.db, auth.accountId));

/**
 * Changing a user's email or resetting their password hands the user's sign-in to whoever reads
 * that mailbox. Nobody does it to themselves here; someone other than the super-administrator may
 * do it only to users whose permissions they all hold themselves: otherwise a user manager could take over a colleague with
 * more rights (set the email to their own, then reset the password). Editing other fields,
 * roles within the manager's own permissions, status and unlocking stay open to user managers.
 */
async function assertHoldsEveryPermissionOf(deps: Pick<Deps, 'db'>, auth: AuthContext, user: repo.UserRow) {
  // one's own email and password change in the personal centre, which asks for the password and
  // tells the old address: here they would turn a borrowed session into the account for good
  if (user.id === auth.userId) throw forbidden('error.useProfileForOwnSignIn');
  if (auth.isSuperAdmin) return;
  const limit = await grantableHere(deps, auth);
  const held = user.isSuperAdmin ? [...limit] : await repo.rolePermissionsOfUser(deps.db, user.id);
  if (held.some((p) => limit.has(p) && !auth.permissions.has(p))) throw forbidden('error.userHoldsMorePermissions');
}

/**
 * Role ids must all be roles of the caller's scope. Someone other than the super-administrator
 * may give a user a role only if they hold every permission it carries themselves (roles the
 * user already has may stay): otherwise a user manager could hand themselves any role.
 */
async function checkRoles(
  deps: Pick<Deps, 'db'>,
  auth: AuthContext,
  roleIds: number[],
  currentRoleIds: number[] = [],
): Promise<number[]> {
  const unique = [...new Set(roleIds)];
  const found = await repo.rolesInScope(deps.db, sideScope(auth), unique);
  if (found.length !== unique.length) throw invalid('error.roleNotFound', 'roleIds');
  if (!auth.isSuperAdmin) {
    const limit = await grantableHere(deps, auth);
    const added = found.filter((r) => !currentRoleIds.includes(r.id));
    if (added.some((r) => r.permissions.some((p) => limit.has(p) && !auth.permissions.has(p)))) {
      throw invalid('error.permissionNotHeld', 'roleIds');
    }
  }
  return unique;
}

async function mapDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw duplicateError(err) ?? err;
  }
}

export async function listUsers(deps: Deps, auth: AuthContext, q: ListQuery): Promise<Page<User>> {
  const { rows, total } = await repo.listUsers(deps.db, sideScope(auth), {
    ...q,
    locked: q.locked === undefined ? undefined : q.locked === 'true',
  });
  const roles = await repo.rolesOfUsers(
    deps.db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toUser(r, roles.get(r.id) ?? [])), total, page: q.page, pageSize: q.pageSize };
}

/** Detail also shows deleted users (the list shows them when asked for status -1). */
export async function getUser(deps: Deps, auth: AuthContext, id: number): Promise<User> {
  const user = await repo.findUser(deps.db, sideScope(auth), id);
  if (!user) throw notFound();
  return withRoles(deps, user);
}

/** A new user is not enabled and has no password; the activation mail lets them set one. */
export async function createUser(deps: Deps, auth: AuthContext, b: CreateUser): Promise<User> {
  const scope = sideScope(auth);
  const roleIds = await checkRoles(deps, auth, b.roleIds ?? []);
  const values = { ...profileValues(b), username: b.username, email: b.email };
  await assertUnique(deps, { username: b.username, email: b.email, phone: values.phone });
  const user = await mapDuplicates(() =>
    deps.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        ...values,
        side: scope.side,
        accountId: scope.accountId,
        status: UserStatus.NOT_ENABLED,
        passwordHash: null,
      });
      await repo.setUserRoles(tx, user.id, roleIds);
      await sendActivationMail(deps, tx, user, await repo.accountName(tx, scope.accountId));
      await audit(tx, auth, {
        module: 'user',
        type: 'add',
        description: { key: 'log.user.add', params: { username: user.username } },
      });
      return user;
    }),
  );
  return withRoles(deps, user);
}

/**
 * Edit profile fields and, with the assign-role permission, roles. A user still waiting for
 * activation whose email changes gets the activation mail again at the new address.
 */
export async function updateUser(deps: Deps, auth: AuthContext, id: number, b: UpdateUser): Promise<User> {
  const user = await liveUser(deps, auth, id);
  assertNotOthersSuperAdmin(auth, user);
  let roleIds: number[] | undefined;
  if (b.roleIds !== undefined) {
    const current = ((await repo.rolesOfUsers(deps.db, [id])).get(id) ?? []).map((r) => r.id).sort();
    const changed = JSON.stringify(current) !== JSON.stringify([...new Set(b.roleIds)].sort());
    if (changed && !auth.permissions.has(userPermission(auth, 'assignRole'))) throw forbidden();
    roleIds = changed ? await checkRoles(deps, auth, b.roleIds, current) : undefined;
  }
  const values = profileValues(b);
  const emailChanged = values.email !== undefined && values.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged) await assertHoldsEveryPermissionOf(deps, auth, user);
  await assertUnique(deps, { email: values.email, phone: values.phone }, id);
  const updated = await mapDuplicates(() =>
    deps.db.transaction(async (tx) => {
      const updated = Object.keys(values).length ? await repo.updateUser(tx, id, values) : user;
      if (roleIds) await repo.setUserRoles(tx, id, roleIds);
      if (emailChanged && updated.status === UserStatus.NOT_ENABLED) {
        await sendActivationMail(deps, tx, updated, await repo.accountName(tx, updated.accountId));
      }
      await audit(tx, auth, {
        module: 'user',
        type: 'edit',
        description: { key: 'log.user.edit', params: { username: user.username } },
      });
      return updated;
    }),
  );
  return withRoles(deps, updated);
}

/** Deleting keeps the row (status -1) for the log's sake; its sessions and roles go. */
export async function deleteUser(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const user = await liveUser(deps, auth, id);
  assertMayChangeStatus(auth, user);
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { status: UserStatus.DELETED });
    await repo.forgetAvatar(tx, id);
    await repo.setUserRoles(tx, id, []);
    await revokeUserSessions(tx, id, 'user_deleted');
    await audit(tx, auth, {
      module: 'user',
      type: 'delete',
      description: { key: 'log.user.delete', params: { username: user.username } },
    });
  });
}

/**
 * Enable (2) or disable (1). A disabled user's sessions are revoked; the auth plugin also checks
 * the status on every request. A user who never set a password is activated by mail instead.
 */
export async function setUserStatus(deps: Deps, auth: AuthContext, id: number, status: 1 | 2): Promise<void> {
  const user = await liveUser(deps, auth, id);
  assertMayChangeStatus(auth, user);
  if (user.status === UserStatus.NOT_ENABLED) throw conflict('error.userNotActivatedYet');
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { status });
    if (status === UserStatus.DISABLED) await revokeUserSessions(tx, id, 'user_disabled');
    await audit(tx, auth, {
      module: 'user',
      type: status === UserStatus.ENABLED ? 'enable' : 'disable',
      description: {
        key: status === UserStatus.ENABLED ? 'log.user.enable' : 'log.user.disable',
        params: { username: user.username },
      },
    });
  });
}

export async function unlockUser(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const user = await liveUser(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { locked: false, failedLogins: 0 });
    await audit(tx, auth, {
      module: 'user',
      type: 'unlock',
      description: { key: 'log.user.unlock', params: { username: user.username } },
    });
  });
}

/**
 * A generated password is mailed to the user, who must change it at the next sign-in; the user
 * is unlocked and signed out everywhere.
 */
export async function resetPassword(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const user = await liveUser(deps, auth, id);
  assertNotOthersSuperAdmin(auth, user);
  await assertHoldsEveryPermissionOf(deps, auth, user);
  if (user.status === UserStatus.NOT_ENABLED) throw conflict('error.userNotActivatedYet');
  const password = generatePassword();
  const hashed = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await setPassword(tx, id, hashed, true);
    await revokeUserSessions(tx, id, 'password_reset');
    await deps.mailer.queue(tx, {
      to: user.email,
      kind: 'resetPassword',
      subject: 'Your Herald password was reset / 您的 Herald 密码已重置',
      body:
        `Hello ${user.username},\n\nAn administrator reset your Herald password. Sign in at ${deps.config.publicUrl} ` +
        `with this password and choose a new one:\n\n    ${password}\n\n` +
        `您好 ${user.username}，\n管理员重置了您的 Herald 密码。请使用以上密码登录并设置新密码。\n`,
    });
    await audit(tx, auth, {
      module: 'user',
      type: 'resetPassword',
      description: { key: 'log.user.resetPassword', params: { username: user.username } },
    });
  });
}

export async function sendActivation(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const user = await liveUser(deps, auth, id);
  if (user.status !== UserStatus.NOT_ENABLED) throw conflict('error.userAlreadyActive');
  await deps.db.transaction(async (tx) => {
    await sendActivationMail(deps, tx, user, await repo.accountName(tx, user.accountId));
    await audit(tx, auth, {
      module: 'user',
      type: 'sendActivation',
      description: { key: 'log.user.sendActivation', params: { username: user.username } },
    });
  });
}

export async function assignRoles(deps: Deps, auth: AuthContext, id: number, roleIds: number[]): Promise<User> {
  const user = await liveUser(deps, auth, id);
  assertNotOthersSuperAdmin(auth, user);
  const current = ((await repo.rolesOfUsers(deps.db, [id])).get(id) ?? []).map((r) => r.id);
  const ids = await checkRoles(deps, auth, roleIds, current);
  await deps.db.transaction(async (tx) => {
    await repo.setUserRoles(tx, id, ids);
    await audit(tx, auth, {
      module: 'user',
      type: 'assignRole',
      description: { key: 'log.user.assignRoles', params: { username: user.username } },
    });
  });
  return withRoles(deps, user);
}

/**
 * The account's super-administrator hands the role to another enabled user of the account and
 * is deleted (spec: "replace the account admin user (the old user is deleted)"); the caller's
 * own sessions end with it.
 */
export async function changeAdmin(deps: Deps, auth: AuthContext, userId: number): Promise<void> {
  if (auth.side !== 'ac' || auth.accountId === null || !auth.isSuperAdmin) throw forbidden();
  const accountId = auth.accountId;
  const target = await liveUser(deps, auth, userId);
  if (target.id === auth.userId) throw forbidden('error.cannotChangeSelf');
  if (target.status !== UserStatus.ENABLED) throw conflict('error.newAdminNotEnabled');
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, target.id, { isSuperAdmin: true });
    await repo.setAccountAdmin(tx, accountId, target.id);
    await repo.updateUser(tx, auth.userId, { status: UserStatus.DELETED, isSuperAdmin: false });
    await repo.forgetAvatar(tx, auth.userId);
    await repo.setUserRoles(tx, auth.userId, []);
    await revokeUserSessions(tx, auth.userId, 'admin_replaced');
    await deps.mailer.queue(tx, {
      to: target.email,
      kind: 'changeAdmin',
      subject: 'You are now the Herald super administrator / 您已成为 Herald 超级管理员',
      body:
        `Hello ${target.username},\n\n${auth.username} made you the super administrator of your Herald account.\n\n` +
        `您好 ${target.username}，\n${auth.username} 已将您设为 Herald 账户的超级管理员。\n`,
    });
    await audit(tx, auth, {
      module: 'user',
      type: 'changeAdmin',
      description: { key: 'log.user.transferAdmin', params: { target: target.username, username: auth.username } },
    });
  });
}
