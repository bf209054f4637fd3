import { randomBytes } from 'node:crypto';
import {
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeySecret,
  type CreateApiKeyBody,
  type RenameApiKeyBody,
  type RotateApiKeyBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { conflict, invalid, notFound } from '../../lib/errors';
import { iso, isoOrNull } from '../../lib/filters';
import { targetAccount } from '../../lib/scope';
import { verifyOwnPassword } from '../auth/service';
import { audit } from '../oper-log/audit';
import { invalidatePushConfig } from '../webhooks/push-config';
import * as repo from './repo';

/**
 * Several named open API keys per account, rotated with an overlap: a rotation keeps the old
 * secret working until the time the user picked, so an integrator deploys the new one without a
 * refused call. Whatever changes which secrets are accepted is published on the invalidation bus
 * (topic 'account') after it commits: every server's key cache drops it within a few ms.
 */

const accountOf = (auth: AuthContext) => targetAccount(auth, undefined);

/** App keys are public identifiers; secrets are 43 characters of base64url (256 bits). */
export const newAppKey = () => `hk${randomBytes(12).toString('hex')}`;
export const newSecret = () => randomBytes(32).toString('base64url');

/** The old secret while it still works (an expired one is as good as none). */
const liveOld = (row: repo.ApiKeyRow, now = Date.now()) =>
  row.previousSecret && row.previousExpiresAt && row.previousExpiresAt.getTime() > now
    ? { secret: row.previousSecret, expiresAt: row.previousExpiresAt }
    : null;

function toKey(row: repo.ApiKeyRow, signsPushes: boolean): ApiKey {
  return {
    id: row.id,
    name: row.name,
    appKey: row.appKey,
    createdAt: iso(row.createdAt),
    lastUsedAt: isoOrNull(row.lastUsedAt),
    secretRotatedAt: iso(row.secretRotatedAt),
    previousExpiresAt: liveOld(row) ? iso(row.previousExpiresAt!) : null,
    signsPushes,
  };
}

async function withSecret(deps: Deps, row: repo.ApiKeyRow): Promise<ApiKeySecret> {
  const first = await repo.firstKey(deps.db, row.accountId);
  return { ...toKey(row, first?.id === row.id), secret: row.secret, previousSecret: liveOld(row)?.secret ?? null };
}

/** After a change to which secrets are accepted: every server's caches of the account's keys. */
async function changed(deps: Deps, accountId: number): Promise<void> {
  invalidatePushConfig(deps, accountId);
  await deps.invalidation.publish('account', accountId);
}

export async function listKeys(deps: Deps, auth: AuthContext): Promise<ApiKey[]> {
  const rows = await repo.listKeys(deps.db, accountOf(auth));
  return rows.map((r, i) => toKey(r, i === 0));
}

async function ownKey(db: Deps['db'], accountId: number, id: number): Promise<repo.ApiKeyRow> {
  const row = await repo.findKey(db, accountId, id);
  if (!row) throw notFound();
  return row;
}

async function assertNameFree(tx: Deps['db'], accountId: number, name: string, exceptId?: number) {
  const taken = (await repo.listKeys(tx, accountId)).some((k) => k.name === name && k.id !== exceptId);
  if (taken) throw conflict('error.apiKeyNameExists', 'name');
}

/** A new key (refused past API_KEYS_MAX); the answer is the only time its secret is shown unasked. */
export async function createKey(deps: Deps, auth: AuthContext, body: CreateApiKeyBody): Promise<ApiKeySecret> {
  const accountId = accountOf(auth);
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockAccount(tx, accountId);
    if ((await repo.countKeys(tx, accountId)) >= API_KEYS_MAX) throw invalid('error.apiKeyLimit');
    await assertNameFree(tx, accountId, body.name);
    const created = await repo.insertKey(tx, { accountId, name: body.name, appKey: newAppKey(), secret: newSecret() });
    await audit(tx, auth, {
      module: 'api',
      type: 'add',
      description: { key: 'log.apiKey.create', params: { name: created.name, appKey: created.appKey } },
    });
    return created;
  });
  await changed(deps, accountId);
  return withSecret(deps, row);
}

export async function renameKey(deps: Deps, auth: AuthContext, id: number, body: RenameApiKeyBody): Promise<ApiKey> {
  const accountId = accountOf(auth);
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockAccount(tx, accountId);
    const key = await ownKey(tx, accountId, id);
    await assertNameFree(tx, accountId, body.name, id);
    const updated = await repo.updateKey(tx, id, { name: body.name });
    await audit(tx, auth, {
      module: 'api',
      type: 'edit',
      description: { key: 'log.apiKey.rename', params: { appKey: key.appKey, old: key.name, name: body.name } },
    });
    return updated;
  });
  const first = await repo.firstKey(deps.db, accountId);
  return toKey(row, first?.id === row.id);
}

/**
 * A new secret for the key. With a grace period the current secret keeps working until then
 * (an earlier rotation's old secret, if still working, stops now: a key has at most two); with 0
 * it stops at once. The new secret is in the answer, the only time it is shown unasked.
 */
export async function rotateKey(deps: Deps, auth: AuthContext, id: number, body: RotateApiKeyBody) {
  const accountId = accountOf(auth);
  const row = await rotate(deps, auth, accountId, id, body.graceSeconds);
  return withSecret(deps, row);
}

async function rotate(deps: Deps, auth: AuthContext, accountId: number, id: number, graceSeconds: number) {
  const now = new Date();
  const until = graceSeconds > 0 ? new Date(now.getTime() + graceSeconds * 1000) : null;
  const row = await deps.db.transaction(async (tx) => {
    const key = await ownKey(tx, accountId, id);
    const updated = await repo.updateKey(tx, id, {
      secret: newSecret(),
      secretRotatedAt: now,
      previousSecret: until ? key.secret : null,
      previousExpiresAt: until,
    });
    await audit(tx, auth, {
      module: 'api',
      type: 'rotateSecret',
      description: until
        ? { key: 'log.apiKey.rotate', params: { name: key.name, appKey: key.appKey, until: iso(until) } }
        : { key: 'log.apiKey.rotateNow', params: { name: key.name, appKey: key.appKey } },
    });
    return updated;
  });
  await changed(deps, accountId);
  return row;
}

/** The rotated key's old secret stops now, before its overlap ends. */
export async function endOverlap(deps: Deps, auth: AuthContext, id: number): Promise<ApiKey> {
  const accountId = accountOf(auth);
  const row = await deps.db.transaction(async (tx) => {
    const key = await ownKey(tx, accountId, id);
    const updated = await repo.updateKey(tx, id, { previousSecret: null, previousExpiresAt: null });
    await audit(tx, auth, {
      module: 'api',
      type: 'rotateSecret',
      description: { key: 'log.apiKey.endOverlap', params: { name: key.name, appKey: key.appKey } },
    });
    return updated;
  });
  await changed(deps, accountId);
  const first = await repo.firstKey(deps.db, accountId);
  return toKey(row, first?.id === row.id);
}

/** The key and both its secrets stop: refused on every server within a second. */
export async function revokeKey(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const accountId = accountOf(auth);
  await deps.db.transaction(async (tx) => {
    const key = await ownKey(tx, accountId, id);
    await repo.deleteKey(tx, id);
    await audit(tx, auth, {
      module: 'api',
      type: 'revoke',
      description: { key: 'log.apiKey.revoke', params: { name: key.name, appKey: key.appKey } },
    });
  });
  await changed(deps, accountId);
}

/** The key's secret (and its old one while it works) again, after the login password. */
export async function querySecret(deps: Deps, auth: AuthContext, id: number, password: string) {
  const accountId = accountOf(auth);
  await verifyOwnPassword(deps, auth, password);
  const row = await ownKey(deps.db, accountId, id);
  await audit(deps.db, auth, {
    module: 'api',
    type: 'viewSecret',
    description: { key: 'log.accountApi.viewSecret', params: { appKey: row.appKey } },
  });
  return withSecret(deps, row);
}

// ── the spec's one-key paths (genAccountApiSecret, queryApiSecret, detail) act on the first key ──

/**
 * The account's first key, created (named "Default") when it has none: a push address needs a
 * secret to sign its pushes, and the spec's one-key screen generates one. Call it in a transaction.
 */
export async function firstKeyOrCreate(
  tx: Deps['db'],
  auth: AuthContext,
  accountId: number,
): Promise<{ row: repo.ApiKeyRow; created: boolean }> {
  await repo.lockAccount(tx, accountId);
  const first = await repo.firstKey(tx, accountId);
  if (first) return { row: first, created: false };
  const row = await repo.insertKey(tx, { accountId, name: 'Default', appKey: newAppKey(), secret: newSecret() });
  await audit(tx, auth, {
    module: 'api',
    type: 'rotateSecret',
    description: { key: 'log.accountApi.resetSecret', params: { appKey: row.appKey } },
  });
  return { row, created: true };
}

const firstOrCreate = (deps: Deps, auth: AuthContext) =>
  deps.db.transaction((tx) => firstKeyOrCreate(tx, auth, accountOf(auth)));

/** genAccountApiSecret: the first key's secret replaced at once (as the one-key screen always did). */
export async function regenerateFirst(deps: Deps, auth: AuthContext): Promise<repo.ApiKeyRow> {
  const { row, created } = await firstOrCreate(deps, auth);
  if (created) {
    await changed(deps, row.accountId);
    return row;
  }
  return rotate(deps, auth, row.accountId, row.id, 0);
}
