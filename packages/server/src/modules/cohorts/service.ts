import {
  TASK_SCOPE_MAX_ITEMS,
  type CreateOtaCohortBody,
  type OtaCohort,
  type OtaCohortDetail,
  type OtaCohortFilter,
  type OtaCohortListQuery,
  type OtaCohortSource,
  type Page,
  type UpdateOtaCohortBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { duplicateAs, invalid, notFound } from '../../lib/errors';
import { dataOwner } from '../../lib/data-scope';
import { iso, offsetOf } from '../../lib/filters';
import { ownAccount, targetAccount } from '../../lib/scope';
import { listDevices } from '../devices/service';
import { audit } from '../oper-log/audit';
import * as repo from './repo';
import { snsOfSheet } from './sheet';

const toCohort = (v: repo.CohortView): OtaCohort => ({
  id: v.cohort.id,
  accountId: v.cohort.accountId,
  accountName: v.accountName,
  name: v.cohort.name,
  remark: v.cohort.remark,
  source: v.cohort.source as OtaCohortSource,
  filter: (v.cohort.filter as Record<string, unknown> | null) ?? null,
  size: v.size,
  createdAt: iso(v.cohort.createdAt),
  updatedAt: iso(v.cohort.updatedAt),
});

/**
 * A cohort the caller may see; another account's is "not found". A cohort is the account's, as a
 * geofence is, but its devices are their owners': an "own data only" caller sees, counts and
 * replaces only their own members (docs/data-permission.md).
 */
async function scopedCohort(deps: Deps, auth: AuthContext, id: number): Promise<repo.CohortView> {
  const v = await repo.findCohortView(deps.db, id, dataOwner(auth));
  const own = ownAccount(auth);
  if (!v || (own !== undefined && v.cohort.accountId !== own)) throw notFound();
  return v;
}

export async function listCohorts(deps: Deps, auth: AuthContext, q: OtaCohortListQuery): Promise<Page<OtaCohort>> {
  const { rows, total } = await repo.listCohorts(deps.db, {
    accountId: ownAccount(auth) ?? q.accountId ?? undefined,
    name: q.name || undefined,
    owner: dataOwner(auth),
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map(toCohort), total, page: q.page, pageSize: q.pageSize };
}

export async function getCohort(deps: Deps, auth: AuthContext, id: number): Promise<OtaCohortDetail> {
  const v = await scopedCohort(deps, auth, id);
  const members = await repo.membersOf(deps.db, v.cohort.accountId, v.cohort.deviceIds as number[], dataOwner(auth));
  return { ...toCohort(v), members };
}

type Members = { deviceIds: number[]; filter: OtaCohortFilter | null; notFound: string[] };

/**
 * The devices a cohort's source names, read now: the device list under the filter (as the
 * caller sees it), the spreadsheet's S/Ns, or the ids picked (only the account's own count, and for
 * an "own data only" caller only their own: another user's S/N is "not found", as another account's).
 */
async function membersFrom(
  deps: Deps,
  auth: AuthContext,
  accountId: number,
  body: Pick<CreateOtaCohortBody, 'source' | 'filter' | 'file' | 'deviceIds'>,
): Promise<Members> {
  let ids: number[];
  let missing: string[] = [];
  if (body.source === 'filter') {
    const page = await listDevices(deps, auth, {
      ...body.filter!,
      accountId,
      page: 1,
      pageSize: TASK_SCOPE_MAX_ITEMS + 1,
    });
    if (page.total > TASK_SCOPE_MAX_ITEMS) throw invalid('error.cohortTooLarge', 'filter');
    ids = page.list.map((d) => d.id);
  } else if (body.source === 'file') {
    const sns = await snsOfSheet(body.file!.content);
    if (sns.length > TASK_SCOPE_MAX_ITEMS) throw invalid('error.cohortTooLarge', 'file');
    const found = await repo.devicesBySn(deps.db, accountId, sns, dataOwner(auth));
    const seen = new Set(found.map((d) => d.sn));
    missing = sns.filter((sn) => !seen.has(sn));
    ids = found.map((d) => d.id);
  } else {
    ids = (await repo.membersOf(deps.db, accountId, [...new Set(body.deviceIds ?? [])], dataOwner(auth))).map(
      (d) => d.id,
    );
  }
  if (!ids.length) throw invalid('error.cohortEmpty', body.source === 'manual' ? 'deviceIds' : body.source);
  return {
    deviceIds: [...new Set(ids)].sort((a, b) => a - b),
    filter: body.source === 'filter' ? body.filter! : null,
    notFound: missing,
  };
}

const saved = (key: string, run: () => Promise<repo.CohortRow | undefined>) =>
  duplicateAs('ota_cohorts_name_uq', key, 'name', run);

export async function createCohort(deps: Deps, auth: AuthContext, body: CreateOtaCohortBody): Promise<OtaCohortDetail> {
  const accountId = targetAccount(auth, body.accountId);
  const m = await membersFrom(deps, auth, accountId, body);
  const row = await saved('error.cohortNameExists', () =>
    deps.db.transaction(async (tx) => {
      const c = await repo.insertCohort(tx, {
        accountId,
        name: body.name,
        remark: body.remark || null,
        source: body.source,
        filter: m.filter,
        deviceIds: m.deviceIds,
        createdBy: auth.userId,
      });
      await audit(tx, auth, {
        module: 'otaCohort',
        type: 'add',
        description: { key: 'log.otaCohort.add', params: { name: c.name, id: c.id, count: m.deviceIds.length } },
      });
      return c;
    }),
  );
  return { ...(await getCohort(deps, auth, row!.id)), notFound: m.notFound };
}

/**
 * An "own data only" caller replaces only the members they see: the cohort keeps other users'
 * devices (and devices assigned to nobody), which the caller can neither see nor drop.
 */
async function withUnseenMembers(deps: Deps, auth: AuthContext, cohort: repo.CohortRow, ids: number[]) {
  const owner = dataOwner(auth);
  if (owner === undefined) return ids;
  const old = cohort.deviceIds as number[];
  const seen = new Set((await repo.membersOf(deps.db, cohort.accountId, old, owner)).map((d) => d.id));
  return [...new Set([...old.filter((d) => !seen.has(d)), ...ids])].sort((a, b) => a - b);
}

/** Rename or re-remark; with a source, the members are read again from it and replace the old ones. */
export async function updateCohort(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: UpdateOtaCohortBody,
): Promise<OtaCohortDetail> {
  const { cohort } = await scopedCohort(deps, auth, id);
  const m = body.source ? await membersFrom(deps, auth, cohort.accountId, { ...body, source: body.source }) : undefined;
  if (m) m.deviceIds = await withUnseenMembers(deps, auth, cohort, m.deviceIds);
  const set: Parameters<typeof repo.updateCohort>[2] = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.remark !== undefined) set.remark = body.remark || null;
  if (m) Object.assign(set, { source: body.source, filter: m.filter, deviceIds: m.deviceIds });
  await saved('error.cohortNameExists', () =>
    deps.db.transaction(async (tx) => {
      const row = await repo.updateCohort(tx, id, set);
      if (!row) throw notFound();
      await audit(tx, auth, {
        module: 'otaCohort',
        type: 'edit',
        description: {
          key: 'log.otaCohort.edit',
          params: { name: row.name, id, count: (row.deviceIds as number[]).length },
        },
      });
      return row;
    }),
  );
  return { ...(await getCohort(deps, auth, id)), ...(m ? { notFound: m.notFound } : {}) };
}

/** Tasks that used a cohort keep their devices (taken when they were created): a cohort may go any time. */
export async function deleteCohort(deps: Deps, auth: AuthContext, id: number): Promise<null> {
  const { cohort } = await scopedCohort(deps, auth, id);
  await deps.db.transaction(async (tx) => {
    await repo.deleteCohort(tx, id);
    await audit(tx, auth, {
      module: 'otaCohort',
      type: 'delete',
      description: { key: 'log.otaCohort.delete', params: { name: cohort.name, id } },
    });
  });
  return null;
}
