import { z } from 'zod';
import {
  AccountStatus,
  UserStatus,
  type Account,
  type accountListQuery,
  type changeAccountAdminBody,
  type createAccountBody,
  type Page,
  type SUBJECT_TYPES,
  type updateAccountBody,
} from '@herald/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { AppError, conflict, invalid, notFound, uniqueViolation } from '../../lib/errors';
import { iso, offsetOf, rangeEnd, rangeStart } from '../../lib/filters';
import { setGeoSecret } from '../account-api/service';
import { forgetGeoEnabled } from '../geo-common/geo-enabled';
import { forgetAvatar } from '../users/repo';
import { setQrBrandEnabled } from '../qr-brand/service';
import { sendActivationMail } from '../auth/activation';
import { defaultAccountPermissions } from '../auth/permissions';
import { revokeUserSessions } from '../auth/repo';
import { notifyChanged } from '../../lib/device-changed';
import { createDefaultGroup } from '../groups/repo';
import { audit } from '../oper-log/audit';
import * as usersRepo from '../users/repo';
import * as repo from './repo';

type ListQuery = z.infer<typeof accountListQuery>;
type CreateBody = z.infer<typeof createAccountBody>;
type UpdateBody = z.infer<typeof updateAccountBody>;
type ChangeAdminBody = z.infer<typeof changeAccountAdminBody>;

function toAccount(v: repo.AccountView): Account {
  const a = v.account;
  return {
    id: a.id,
    name: a.name,
    country: a.country,
    timeZone: a.timeZone,
    industry: a.industry,
    subjectType: a.subjectType as (typeof SUBJECT_TYPES)[number],
    subjectName: a.subjectName,
    remark: a.remark,
    status: a.status,
    adminUserId: a.adminUserId,
    adminEmail: v.adminEmail,
    adminUsername: v.adminUsername,
    adminLocked: v.adminLocked ?? false,
    userCount: v.userCount,
    geoEnabled: v.geoEnabled === true,
    qrBrandEnabled: v.qrBrandEnabled === true,
    pushAlarmEnabled: a.pushAlarmEnabled,
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
  };
}

export async function listAccounts(deps: Deps, q: ListQuery): Promise<Page<Account>> {
  const { rows, total } = await repo.listAccounts(deps.db, {
    name: q.name || undefined,
    status: q.status,
    country: q.country,
    industry: q.industry,
    subjectType: q.subjectType,
    createdFrom: rangeStart(q.createdFrom),
    createdBefore: rangeEnd(q.createdTo),
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toAccount), total, page: q.page, pageSize: q.pageSize };
}

export async function getAccount(deps: Deps, id: number): Promise<Account> {
  const v = await repo.findAccountView(deps.db, id);
  if (!v) throw notFound();
  return toAccount(v);
}

// ---- uniqueness: checked first for a clear message, and mapped from the unique indexes for races

/** Why an email cannot go to a new user of `accountId`, or undefined when it is free. */
async function emailProblem(db: Db, email: string, accountId: number | null, exceptUserId?: number | null) {
  const holder = await repo.findLiveUserByEmail(db, email);
  if (!holder || holder.id === exceptUserId) return undefined;
  return holder.side === 'ac' && holder.accountId !== accountId ? 'error.emailUsedByAccount' : 'error.emailExists';
}

async function assertAdminFree(
  db: Db,
  email: string,
  username: string | undefined,
  accountId: number | null,
  exceptUserId?: number | null,
) {
  const problem = await emailProblem(db, email, accountId, exceptUserId);
  if (problem) throw conflict(problem, 'adminEmail');
  if (username) {
    const holder = await repo.findLiveUserIdByUsername(db, username);
    if (holder !== undefined && holder !== exceptUserId) throw conflict('error.usernameExists', 'adminUsername');
  }
}

/** Turn a unique-index violation into the spec's duplicate message; anything else is rethrown. */
async function duplicateError(db: Db, err: unknown, email?: string, accountId: number | null = null): Promise<unknown> {
  const constraint = uniqueViolation(err);
  if (!constraint) return err;
  if (constraint === 'accounts_name_uq') return conflict('error.accountNameExists', 'name');
  if (constraint === 'users_username_uq') return conflict('error.usernameExists', 'adminUsername');
  if (constraint === 'users_email_uq' && email) {
    return conflict((await emailProblem(db, email, accountId)) ?? 'error.emailExists', 'adminEmail');
  }
  return err;
}

async function withDuplicateMapping<T>(
  db: Db,
  run: () => Promise<T>,
  email?: string,
  accountId: number | null = null,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw await duplicateError(db, err, email, accountId);
  }
}

/** A username from the email's local part, made unique with a number when taken. */
export async function deriveUsername(db: Db, email: string): Promise<string> {
  const local = email.split('@')[0] ?? '';
  const base = local.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 24) || 'admin';
  const taken = new Set(await repo.liveUsernamesStartingWith(db, base));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

async function newAdmin(deps: Deps, tx: Db, account: { id: number; name: string }, email: string, username: string) {
  const user = await repo.insertUser(tx, {
    side: 'ac',
    accountId: account.id,
    username,
    email,
    status: UserStatus.NOT_ENABLED,
    isSuperAdmin: true,
  });
  await repo.updateAccount(tx, account.id, { adminUserId: user.id });
  await sendActivationMail(deps, tx, user, account.name);
  return user;
}

/** A new account with its super-administrator, who gets the activation mail. */
export async function createAccount(deps: Deps, auth: AuthContext, body: CreateBody): Promise<Account> {
  if (await repo.findAccountIdByName(deps.db, body.name)) throw conflict('error.accountNameExists', 'name');
  await assertAdminFree(deps.db, body.adminEmail, body.adminUsername, null);
  const username = body.adminUsername ?? (await deriveUsername(deps.db, body.adminEmail));
  const { adminEmail: _e, adminUsername: _u, ...fields } = body;
  const id = await withDuplicateMapping(
    deps.db,
    () =>
      deps.db.transaction(async (tx) => {
        const account = await repo.insertAccount(tx, {
          ...fields,
          remark: fields.remark || null,
          status: AccountStatus.ENABLED,
          permissions: defaultAccountPermissions(),
        });
        const user = await newAdmin(deps, tx, account, body.adminEmail, username);
        await createDefaultGroup(tx, account.id);
        await audit(tx, auth, {
          module: 'account',
          type: 'add',
          description: {
            key: 'log.account.add',
            params: { name: account.name, id: account.id, username: user.username, email: user.email },
          },
        });
        return account.id;
      }),
    body.adminEmail,
  );
  return getAccount(deps, id);
}

export async function updateAccount(deps: Deps, auth: AuthContext, id: number, body: UpdateBody): Promise<Account> {
  const before = await getAccount(deps, id);
  if (body.name && (await repo.findAccountIdByName(deps.db, body.name, id)))
    throw conflict('error.accountNameExists', 'name');
  const changed = Object.keys(body).filter((k) => body[k as keyof UpdateBody] !== undefined);
  await withDuplicateMapping(deps.db, () =>
    deps.db.transaction(async (tx) => {
      await repo.updateAccount(tx, id, {
        ...body,
        ...(body.remark !== undefined ? { remark: body.remark || null } : {}),
      });
      await audit(tx, auth, {
        module: 'account',
        type: 'edit',
        description: {
          key: changed.length ? 'log.account.edit' : 'log.account.editNoFields',
          params: { name: before.name, id, fields: changed.join(', ') },
        },
      });
    }),
  );
  return getAccount(deps, id);
}

/**
 * Disabling makes every service of the account unavailable at once: the auth plugin checks the
 * status per request, the open API and device registration refuse it, the broker refuses its
 * devices at connect, and connected devices are dropped here. Enabling lets the broker take
 * them again (a broker holding its own credential copy is told).
 */
export async function setAccountStatus(
  deps: Deps,
  auth: AuthContext,
  id: number,
  status: AccountStatus,
): Promise<Account> {
  const before = await getAccount(deps, id);
  await deps.db.transaction(async (tx) => {
    await repo.updateAccount(tx, id, { status });
    await audit(tx, auth, {
      module: 'account',
      type: status === AccountStatus.ENABLED ? 'enable' : 'disable',
      description: {
        key: status === AccountStatus.ENABLED ? 'log.account.enable' : 'log.account.disable',
        params: { name: before.name, id },
      },
    });
  });
  await deps.invalidation.publish('account', id);
  const sns = await repo.liveDeviceSns(deps.db, id);
  await notifyChanged(deps, sns, status === AccountStatus.ENABLED ? undefined : 'account_disabled');
  return getAccount(deps, id);
}

/** The value-added services the platform turns on per account (spec: "activation through a sales consultant"). */
const SERVICES = {
  /** geolocation: on, the account gets a secret of its own for it; on again keeps it, off removes it */
  geo: {
    isOn: (a: Account) => a.geoEnabled,
    set: setGeoSecret,
    after: forgetGeoEnabled,
    log: { on: 'log.account.geoEnable', off: 'log.account.geoDisable' },
  },
  /** the custom device QR code: the account's product name and logo stay while it is off */
  qrBrand: {
    isOn: (a: Account) => a.qrBrandEnabled,
    set: setQrBrandEnabled,
    after: undefined,
    log: { on: 'log.account.qrBrandEnable', off: 'log.account.qrBrandDisable' },
  },
  /** the push-delay alarm: the servers' copies of the account's monitoring are read again */
  pushAlarm: {
    isOn: (a: Account) => a.pushAlarmEnabled,
    set: repo.setPushAlarmEnabled,
    after: (deps: Deps, id: number) => void deps.invalidation.publish('alarmSettings', id),
    log: { on: 'log.account.pushAlarmEnable', off: 'log.account.pushAlarmDisable' },
  },
} as const;
export type AccountService = keyof typeof SERVICES;

/** Turn a value-added service on or off for an account. */
export async function setService(
  deps: Deps,
  auth: AuthContext,
  id: number,
  service: AccountService,
  enabled: boolean,
): Promise<Account> {
  const s = SERVICES[service];
  const before = await getAccount(deps, id);
  if (s.isOn(before) === enabled) return before;
  await deps.db.transaction(async (tx) => {
    await s.set(tx, id, enabled);
    await audit(tx, auth, {
      module: 'account',
      type: 'edit',
      description: { key: enabled ? s.log.on : s.log.off, params: { name: before.name, id } },
    });
  });
  s.after?.(deps, id);
  await deps.invalidation.publish('account', id);
  return getAccount(deps, id);
}

/**
 * Replace the account's super-administrator with a new user (activated through a mailed link).
 * The old administrator is deleted and signed out everywhere.
 */
export async function changeAccountAdmin(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: ChangeAdminBody,
): Promise<Account> {
  const before = await getAccount(deps, id);
  await assertAdminFree(deps.db, body.adminEmail, body.adminUsername, id, before.adminUserId);
  const username = body.adminUsername ?? (await deriveUsername(deps.db, body.adminEmail));
  await withDuplicateMapping(
    deps.db,
    () =>
      deps.db.transaction(async (tx) => {
        // re-read under a lock: two replacements at once must not leave two super-administrators
        const account = await repo.lockAccount(tx, id);
        if (!account) throw notFound();
        if (account.adminUserId) {
          await repo.deleteUser(tx, account.adminUserId);
          await forgetAvatar(tx, account.adminUserId);
          await revokeUserSessions(tx, account.adminUserId, 'admin_replaced');
        }
        const user = await newAdmin(deps, tx, account, body.adminEmail, username);
        await audit(tx, auth, {
          module: 'account',
          type: 'changeAdmin',
          description: {
            key: 'log.account.changeAdmin',
            params: {
              name: account.name,
              id,
              old: before.adminUsername ?? '-',
              username: user.username,
              email: user.email,
            },
          },
        });
      }),
    body.adminEmail,
    id,
  );
  return getAccount(deps, id);
}

/**
 * Unlock the account's super-administrator (locked after too many wrong passwords): the lock and
 * the failed sign-in count are cleared, nothing else changes (the password stays). Account users
 * cannot unlock their own super-administrator, so this is the operator's way back in. Unlocking
 * an administrator who is not locked succeeds and changes nothing but the log.
 */
export async function unlockAccountAdmin(deps: Deps, auth: AuthContext, id: number): Promise<Account> {
  const before = await getAccount(deps, id);
  const user = await repo.findAdminUser(deps.db, id);
  if (!user) throw invalid('error.accountHasNoAdmin');
  await deps.db.transaction(async (tx) => {
    await usersRepo.updateUser(tx, user.id, { locked: false, failedLogins: 0 });
    await audit(tx, auth, {
      module: 'account',
      type: 'unlockAdmin',
      description: {
        key: user.locked ? 'log.account.unlockAdmin' : 'log.account.unlockAdminNotLocked',
        params: { username: user.username, name: before.name, id },
      },
    });
  });
  return getAccount(deps, id);
}
