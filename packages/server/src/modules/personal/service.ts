import type { z } from 'zod';
import { ResultCode, type MessageLanguage, type Profile, type updateProfileBody } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import { verifyPassword } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, invalid } from '../../lib/errors';
import { underPasswordLimits } from '../auth/attempts';
import { findUserById } from '../auth/repo';
import { ownPasswordUse } from '../auth/service';
import { audit } from '../oper-log/audit';
import { avatarUrl } from '../../lib/avatar-url';
import * as users from '../users/repo';
import { assertUnique, duplicateError } from '../users/service';

type UpdateProfile = z.infer<typeof updateProfileBody>;

/** The caller's own row; a session whose user vanished is treated as signed out. */
async function self(deps: Pick<Deps, 'db'>, auth: AuthContext): Promise<users.UserRow> {
  const user = await findUserById(deps.db, auth.userId);
  if (!user) throw new AppError(ResultCode.LOGIN_TIMEOUT, 'error.loginTimeout');
  return user;
}

async function mapDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw duplicateError(err) ?? err;
  }
}

export async function getProfile(deps: Deps, auth: AuthContext): Promise<Profile> {
  const user = await self(deps, auth);
  const roles = (await users.rolesOfUsers(deps.db, [user.id])).get(user.id) ?? [];
  const accountName = await users.accountName(deps.db, user.accountId);
  return {
    id: user.id,
    side: user.side as Profile['side'],
    username: user.username,
    email: user.email,
    phone: user.phone,
    name: user.name,
    nickname: user.nickname,
    gender: user.gender,
    birthday: user.birthday,
    messageLanguage: user.messageLanguage,
    isSuperAdmin: user.isSuperAdmin,
    account: user.accountId !== null && accountName !== undefined ? { id: user.accountId, name: accountName } : null,
    roles,
    lastLoginIp: user.lastLoginIp,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    avatarUrl: avatarUrl(user.avatarKey),
    createdAt: user.createdAt.toISOString(),
  };
}

const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);

export async function updateProfile(deps: Deps, auth: AuthContext, b: UpdateProfile): Promise<Profile> {
  await self(deps, auth);
  const values = {
    name: blankToNull(b.name),
    nickname: blankToNull(b.nickname),
    phone: blankToNull(b.phone),
    gender: b.gender,
    birthday: blankToNull(b.birthday),
  };
  await assertUnique(deps, { phone: values.phone }, auth.userId);
  await mapDuplicates(() =>
    deps.db.transaction(async (tx) => {
      await users.updateUser(tx, auth.userId, values);
      await audit(tx, auth, {
        module: 'personal',
        type: 'edit',
        description: { key: 'log.personal.edit', params: { username: auth.username } },
      });
    }),
  );
  return getProfile(deps, auth);
}

/**
 * Changing the sign-in email needs the password; the old address is told, so a hijacked
 * session cannot quietly take the account's mail away.
 */
export async function changeEmail(deps: Deps, auth: AuthContext, email: string, password: string): Promise<void> {
  // a borrowed session must not make a password oracle: wrong ones count like failed sign-ins
  const use = ownPasswordUse(auth, { module: 'personal', type: 'changeEmail' }, 'error.passwordMismatch');
  const user = await underPasswordLimits(deps, use, async () => {
    const found = await self(deps, auth);
    if (!(await verifyPassword(found.passwordHash, password))) throw invalid('error.passwordMismatch', 'password');
    return found;
  });
  if (email.toLowerCase() === user.email.toLowerCase()) throw invalid('validation.sameEmail', 'email');
  await assertUnique(deps, { email }, user.id);
  await mapDuplicates(() =>
    deps.db.transaction(async (tx) => {
      await users.updateUser(tx, user.id, { email });
      await deps.mailer.queue(tx, {
        to: user.email,
        kind: 'emailChanged',
        subject: 'Your Herald email was changed / 您的 Herald 邮箱已更改',
        body:
          `Hello ${user.username},\n\nThe email of your Herald user was changed to ${email}. ` +
          `If you did not do this, contact your administrator.\n\n` +
          `您好 ${user.username}，\n您的 Herald 用户邮箱已更改为 ${email}。如非本人操作，请联系管理员。\n`,
      });
      await audit(tx, auth, {
        module: 'personal',
        type: 'changeEmail',
        description: { key: 'log.personal.email', params: { username: auth.username } },
      });
    }),
  );
}

export async function setMessageLanguage(
  deps: Deps,
  auth: AuthContext,
  messageLanguage: MessageLanguage,
): Promise<void> {
  await self(deps, auth);
  await deps.db.transaction(async (tx) => {
    await users.updateUser(tx, auth.userId, { messageLanguage });
    await audit(tx, auth, {
      module: 'personal',
      type: 'edit',
      description: { key: 'log.personal.language', params: { username: auth.username, language: messageLanguage } },
    });
  });
}
