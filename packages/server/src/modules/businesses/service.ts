import {
  BusinessType,
  type Business,
  type BusinessListQuery,
  type CreateBusinessBody,
  type Page,
  type UpdateBusinessBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { conflict, invalid, notFound } from '../../lib/errors';
import { iso, offsetOf } from '../../lib/filters';
import { dataOwner, mustOwn } from '../../lib/data-scope';
import { targetAccount } from '../../lib/scope';
import { audit } from '../oper-log/audit';
import * as repo from './repo';

const toBusiness = (v: repo.BusinessView): Business => ({
  id: v.business.id,
  accountId: v.business.accountId,
  name: v.business.name,
  type: v.business.type,
  templateId: v.business.templateId,
  templateName: v.templateName,
  voiceContent: v.business.voiceContent,
  remark: v.business.remark,
  createdAt: iso(v.business.createdAt),
  updatedAt: iso(v.business.updatedAt),
});

const accountOf = (auth: AuthContext) => targetAccount(auth, undefined);

export async function listBusinesses(deps: Deps, auth: AuthContext, q: BusinessListQuery): Promise<Page<Business>> {
  const { rows, total } = await repo.listBusinesses(deps.db, {
    accountId: accountOf(auth),
    createdBy: dataOwner(auth),
    name: q.name || undefined,
    type: q.type,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toBusiness), total, page: q.page, pageSize: q.pageSize };
}

async function scopedBusiness(deps: Deps, auth: AuthContext, id: number) {
  const v = await repo.findBusinessView(deps.db, id);
  if (!v || v.business.accountId !== accountOf(auth)) throw notFound();
  mustOwn(auth, v.business.createdBy);
  return v;
}

export const getBusiness = async (deps: Deps, auth: AuthContext, id: number) =>
  toBusiness(await scopedBusiness(deps, auth, id));

type Shape = { type: number; templateId: number | null; voiceContent: string | null };

/**
 * The rules that depend on the type: a print business names one of the account's templates and
 * carries no voice content; broadcast and notification carry voice content and no template.
 */
async function normalise(deps: Deps, auth: AuthContext, accountId: number, s: Shape): Promise<Shape> {
  if (s.type === BusinessType.PRINT) {
    if (!s.templateId) throw invalid('error.businessTemplateRequired', 'templateId');
    if (!(await repo.findAccountTemplate(deps.db, accountId, s.templateId, dataOwner(auth)))) {
      throw invalid('error.templateInvalid', 'templateId');
    }
    return { type: s.type, templateId: s.templateId, voiceContent: null };
  }
  if (!s.voiceContent) throw invalid('error.businessContentRequired', 'voiceContent');
  return { type: s.type, templateId: null, voiceContent: s.voiceContent };
}

/**
 * Names are unique among the account's live businesses; for an "own data only" user among their own: a
 * refusal for another user's name would tell them that row exists (docs/data-permission.md).
 */
async function checkName(deps: Deps, auth: AuthContext, accountId: number, name: string, exceptId?: number) {
  if (await repo.findBusinessIdByName(deps.db, accountId, name, exceptId, dataOwner(auth))) {
    throw conflict('error.businessNameExists', 'name');
  }
}

export async function createBusiness(deps: Deps, auth: AuthContext, body: CreateBusinessBody): Promise<Business> {
  const accountId = accountOf(auth);
  const shape = await normalise(deps, auth, accountId, {
    type: body.type,
    templateId: body.templateId ?? null,
    voiceContent: body.voiceContent || null,
  });
  await checkName(deps, auth, accountId, body.name);
  const id = await deps.db.transaction(async (tx) => {
    const b = await repo.insertBusiness(tx, {
      accountId,
      createdBy: auth.userId,
      name: body.name,
      remark: body.remark || null,
      ...shape,
    });
    await audit(tx, auth, {
      module: 'business',
      type: 'add',
      description: { key: 'log.business.add', params: { name: b.name, id: b.id } },
    });
    return b.id;
  });
  return getBusiness(deps, auth, id);
}

export async function updateBusiness(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: UpdateBusinessBody,
): Promise<Business> {
  const { business } = await scopedBusiness(deps, auth, id);
  const shape = await normalise(deps, auth, business.accountId, {
    type: body.type ?? business.type,
    templateId: body.templateId !== undefined ? body.templateId : business.templateId,
    voiceContent: body.voiceContent !== undefined ? body.voiceContent || null : business.voiceContent,
  });
  if (body.name !== undefined) await checkName(deps, auth, business.accountId, body.name, id);
  await deps.db.transaction(async (tx) => {
    await repo.updateBusiness(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.remark !== undefined ? { remark: body.remark || null } : {}),
      ...shape,
    });
    await audit(tx, auth, {
      module: 'business',
      type: 'edit',
      description: { key: 'log.business.edit', params: { name: business.name, id } },
    });
  });
  return getBusiness(deps, auth, id);
}

export async function deleteBusiness(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const { business } = await scopedBusiness(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    await repo.softDeleteBusiness(tx, id);
    await audit(tx, auth, {
      module: 'business',
      type: 'delete',
      description: { key: 'log.business.delete', params: { name: business.name, id } },
    });
  });
}

/** Lookup GET /v1/common/businessListQuery: the caller's account's businesses. */
export const businessOptions = (deps: Deps, auth: AuthContext) =>
  repo.businessOptions(deps.db, accountOf(auth), dataOwner(auth));
