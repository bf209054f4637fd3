import type { z } from 'zod';
import type { appListQuery, Application, AppSecret, createAppBody, Page, updateAppBody } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import { randomToken } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { conflict, duplicateAs, notFound } from '../../lib/errors';
import { iso, offsetOf } from '../../lib/filters';
import { ownAccount, targetAccount } from '../../lib/scope';
import { verifyOwnPassword } from '../auth/service';
import { audit } from '../oper-log/audit';
import * as repo from './repo';

type ListQuery = z.infer<typeof appListQuery>;
type CreateBody = z.infer<typeof createAppBody>;
type UpdateBody = z.infer<typeof updateAppBody>;

const toApp = (v: repo.AppView): Application => ({
  id: v.app.id,
  accountId: v.app.accountId,
  accountName: v.accountName,
  name: v.app.name,
  type: v.app.type,
  accessType: v.app.accessType,
  autoRegister: v.app.autoRegister,
  stockingMode: v.app.stockingMode,
  appKey: v.app.appKey,
  packageName: v.app.packageName,
  registeredUrl: v.app.registeredUrl,
  notifyUrl: v.app.notifyUrl,
  callbackUrl: v.app.callbackUrl,
  pushMode: v.app.pushMode,
  status: v.app.status,
  deviceCount: v.deviceCount,
  createdAt: iso(v.app.createdAt),
  updatedAt: iso(v.app.updatedAt),
});

/** Account users list their own applications; operators all, optionally one account's. */
export async function listApps(deps: Deps, auth: AuthContext, q: ListQuery): Promise<Page<Application>> {
  const { rows, total } = await repo.listApps(deps.db, {
    accountId: ownAccount(auth) ?? q.accountId,
    name: q.name || undefined,
    type: q.type,
    accessType: q.accessType,
    appKey: q.appKey || undefined,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toApp), total, page: q.page, pageSize: q.pageSize };
}

async function scopedApp(deps: Deps, auth: AuthContext, id: number) {
  const v = await repo.findAppView(deps.db, id);
  const own = ownAccount(auth);
  if (!v || (own !== undefined && v.app.accountId !== own)) throw notFound();
  return v;
}

export const getApp = async (deps: Deps, auth: AuthContext, id: number) => toApp(await scopedApp(deps, auth, id));

const withDuplicateMapping = <T>(run: () => Promise<T>) =>
  duplicateAs('applications_name_uq', 'error.appNameExists', 'name', run);

const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);

function values(b: UpdateBody) {
  const out = {
    name: b.name,
    type: b.type,
    accessType: b.accessType,
    autoRegister: b.autoRegister,
    stockingMode: blankToNull(b.stockingMode),
    packageName: blankToNull(b.packageName),
    registeredUrl: blankToNull(b.registeredUrl),
    notifyUrl: blankToNull(b.notifyUrl),
    callbackUrl: blankToNull(b.callbackUrl),
    pushMode: b.pushMode,
  };
  for (const k of Object.keys(out) as (keyof typeof out)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/** A new application with generated credentials; the secret and sign key are in this answer. */
export async function createApp(deps: Deps, auth: AuthContext, body: CreateBody) {
  const accountId = targetAccount(auth, undefined);
  if (await repo.findAppIdByName(deps.db, accountId, body.name)) throw conflict('error.appNameExists', 'name');
  const secret = { appKey: `hk${randomToken(12)}`, appSecret: randomToken(32), signKey: randomToken(24) };
  const id = await withDuplicateMapping(() =>
    deps.db.transaction(async (tx) => {
      const id = await repo.insertApp(tx, {
        ...values(body),
        accountId,
        name: body.name,
        type: body.type,
        accessType: body.accessType,
        ...secret,
      });
      await audit(tx, auth, {
        module: 'app',
        type: 'add',
        description: { key: 'log.application.add', params: { name: body.name, id } },
      });
      return id;
    }),
  );
  return { ...(await getApp(deps, auth, id)), appSecret: secret.appSecret, signKey: secret.signKey };
}

export async function updateApp(deps: Deps, auth: AuthContext, id: number, body: UpdateBody): Promise<Application> {
  const { app } = await scopedApp(deps, auth, id);
  if (body.name && (await repo.findAppIdByName(deps.db, app.accountId, body.name, id))) {
    throw conflict('error.appNameExists', 'name');
  }
  const v = values(body);
  await withDuplicateMapping(() =>
    deps.db.transaction(async (tx) => {
      await repo.updateApp(tx, id, v);
      await audit(tx, auth, {
        module: 'app',
        type: 'edit',
        description: {
          key: Object.keys(v).length ? 'log.application.edit' : 'log.application.editNoFields',
          params: { name: app.name, id, fields: Object.keys(v).join(', ') },
        },
      });
    }),
  );
  return getApp(deps, auth, id);
}

/** Refused while devices (not deleted) use it. */
export async function deleteApp(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const { app } = await scopedApp(deps, auth, id);
  if (await repo.appHasLiveDevices(deps.db, id)) throw conflict('error.appInUse');
  await deps.db.transaction(async (tx) => {
    await repo.deleteApp(tx, id);
    await audit(tx, auth, {
      module: 'app',
      type: 'delete',
      description: { key: 'log.application.delete', params: { name: app.name, id } },
    });
  });
}

/** The credentials again, after the caller re-enters the login password. */
export async function revealSecret(deps: Deps, auth: AuthContext, id: number, password: string): Promise<AppSecret> {
  const { app } = await scopedApp(deps, auth, id);
  await verifyOwnPassword(deps, auth, password);
  await audit(deps.db, auth, {
    module: 'app',
    type: 'viewSecret',
    description: { key: 'log.application.viewSecret', params: { name: app.name, id } },
  });
  return { appKey: app.appKey, appSecret: app.appSecret, signKey: app.signKey };
}

export const appOptions = (deps: Deps, auth: AuthContext, accountId: number | undefined) =>
  repo.appOptions(deps.db, targetAccount(auth, accountId));
