import {
  WEBHOOK_EVENTS,
  type AccountApiDetail,
  type AccountApiSecret,
  type ModifyAccountApiBody,
  type ModifyAddedServiceParamsBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { forbidden, invalid } from '../../lib/errors';
import { iso, isoOrNull } from '../../lib/filters';
import { targetAccount } from '../../lib/scope';
import { verifyOwnPassword } from '../auth/service';
import { audit } from '../oper-log/audit';
import { invalidatePushConfig } from '../webhooks/push-config';
import { assertPublicPushUrls } from '../webhooks/save-check';
import { firstKeyOrCreate, newSecret, regenerateFirst } from './keys';
import * as repo from './repo';

const accountOf = (auth: AuthContext) => targetAccount(auth, undefined);

/** The settings row, with the first key (the one the spec's one-key screen showed). */
function toDetail(row: repo.AccountApiRow | undefined, key: repo.ApiKeyRow | undefined): AccountApiDetail {
  const urls = (row?.pushUrls ?? {}) as Record<string, unknown>;
  const pushUrls = Object.fromEntries(
    WEBHOOK_EVENTS.map((e) => [e, typeof urls[e] === 'string' && urls[e] ? (urls[e] as string) : null]),
  ) as AccountApiDetail['pushUrls'];
  return {
    appKey: key?.appKey ?? null,
    hasSecret: !!key,
    secretRotatedAt: key ? iso(key.secretRotatedAt) : null,
    pushUrls,
    addedParams: (row?.addedParams ?? {}) as Record<string, string>,
    geoEnabled: !!row?.geoSecret,
    updatedAt: row ? isoOrNull(row.updatedAt) : null,
  };
}

export async function detail(deps: Deps, auth: AuthContext): Promise<AccountApiDetail> {
  const accountId = accountOf(auth);
  const [row, key] = await Promise.all([repo.findAccountApi(deps.db, accountId), repo.firstKey(deps.db, accountId)]);
  return toDetail(row, key);
}

/** The account's settings row, created on first use. */
async function ensureRow(tx: Deps['db'], accountId: number): Promise<repo.AccountApiRow> {
  const existing = await repo.findAccountApi(tx, accountId);
  if (existing) return existing;
  await repo.insertAccountApi(tx, { accountId });
  return (await repo.findAccountApi(tx, accountId))!;
}

export async function modifyAccountApi(
  deps: Deps,
  auth: AuthContext,
  body: ModifyAccountApiBody,
): Promise<AccountApiDetail> {
  const accountId = accountOf(auth);
  await assertPublicPushUrls(deps, body.pushUrls);
  const row = await deps.db.transaction(async (tx) => {
    // pushes are signed with the first key's secret: the first address brings one (and this
    // locks the account first, before the settings row's insert checks its reference to it)
    await firstKeyOrCreate(tx, auth, accountId);
    const current = await ensureRow(tx, accountId);
    const urls = { ...((current.pushUrls ?? {}) as Record<string, string>) };
    for (const e of WEBHOOK_EVENTS) {
      const v = body.pushUrls[e];
      if (v === undefined) continue;
      if (v) urls[e] = v;
      else delete urls[e];
    }
    const updated = await repo.updateAccountApi(tx, accountId, { pushUrls: urls });
    await audit(tx, auth, {
      module: 'api',
      type: 'edit',
      description: {
        key: 'log.accountApi.pushAddresses',
        params: { addresses: WEBHOOK_EVENTS.map((e) => `${e}=${urls[e] ?? '-'}`).join(', ') },
      },
    });
    return updated;
  });
  invalidatePushConfig(deps, accountId);
  await deps.invalidation.publish('account', accountId);
  return toDetail(row, await repo.firstKey(deps.db, accountId));
}

/** A new secret for the first key (created on first use); this answer is the only one that carries it unasked. */
export async function generateSecret(deps: Deps, auth: AuthContext): Promise<AccountApiSecret> {
  const row = await regenerateFirst(deps, auth);
  return { appKey: row.appKey, secret: row.secret, secretRotatedAt: iso(row.secretRotatedAt) };
}

/** The first key's secret, after the login password. */
export async function querySecret(deps: Deps, auth: AuthContext, password: string): Promise<AccountApiSecret> {
  const accountId = accountOf(auth);
  await verifyOwnPassword(deps, auth, password);
  const row = await repo.firstKey(deps.db, accountId);
  if (!row) throw invalid('error.apiNotConfigured');
  await audit(deps.db, auth, {
    module: 'api',
    type: 'viewSecret',
    description: { key: 'log.accountApi.viewSecret', params: { appKey: row.appKey } },
  });
  return { appKey: row.appKey, secret: row.secret, secretRotatedAt: iso(row.secretRotatedAt) };
}

export async function modifyAddedParams(
  deps: Deps,
  auth: AuthContext,
  body: ModifyAddedServiceParamsBody,
): Promise<AccountApiDetail> {
  const accountId = accountOf(auth);
  const row = await deps.db.transaction(async (tx) => {
    await ensureRow(tx, accountId);
    const updated = await repo.updateAccountApi(tx, accountId, { addedParams: body.params });
    await audit(tx, auth, {
      module: 'api',
      type: 'edit',
      description: {
        key: Object.keys(body.params).length ? 'log.accountApi.serviceParams' : 'log.accountApi.serviceParamsNone',
        params: { params: Object.keys(body.params).join(', ') },
      },
    });
    return updated;
  });
  return toDetail(row, await repo.firstKey(deps.db, accountId));
}

/** The platform turns the geolocation service on (a new secret) or off (none) for an account. */
export async function setGeoSecret(tx: Deps['db'], accountId: number, enabled: boolean): Promise<void> {
  await ensureRow(tx, accountId);
  await repo.updateAccountApi(tx, accountId, { geoSecret: enabled ? newSecret() : null });
}

/** The geolocation value-added service's secret; the platform enables the service per account. */
export async function geoSecret(deps: Deps, auth: AuthContext): Promise<{ secret: string }> {
  const row = await repo.findAccountApi(deps.db, accountOf(auth));
  if (!row?.geoSecret) throw forbidden('error.serviceNotEnabled');
  return { secret: row.geoSecret };
}
