import type { z } from 'zod';
import {
  DEFAULT_LOCALE,
  DeviceStatus,
  PUSH_RESULT_STATES,
  PushTaskStatus,
  translate,
  type CreatePushTaskBody,
  type Locale,
  type Page,
  type PushResult,
  type PushTask,
  type PushTaskCreated,
  type PushTaskListItem,
  type PushTaskListQuery,
  type PushType,
  type pushResultListQuery,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { invalid, notFound } from '../../lib/errors';
import { iso, isoOrNull, offsetOf } from '../../lib/filters';
import { dataOwner } from '../../lib/data-scope';
import { ownAccount, targetAccount } from '../../lib/scope';
import { audit } from '../oper-log/audit';
import * as fileRepo from '../files/repo';
import { findResourceForAccount } from '../resource-packages/repo';
import { visibleTask } from '../task-scope/bookkeeping';
import { checkScope, devicesInScope, scopeOf, type ScopeSpec } from '../task-scope/scope';
import { kick } from './engine';
import * as repo from './repo';

type ResultQuery = z.infer<typeof pushResultListQuery>;
const HOUR = 3600 * 1000;

const countsOf = (c: Record<string, number> | undefined) =>
  Object.fromEntries(PUSH_RESULT_STATES.map((s) => [s, c?.[s] ?? 0])) as PushTaskListItem['counts'];

function toListItem(v: repo.TaskListView, c: Record<string, number> | undefined): PushTaskListItem {
  const counts = countsOf(c);
  return {
    id: v.task.id,
    accountId: v.task.accountId,
    accountName: v.accountName,
    name: v.task.name,
    type: v.task.type as PushType,
    scope: v.task.scope as PushTaskListItem['scope'],
    status: v.task.status as PushTaskListItem['status'],
    effectiveAt: iso(v.task.effectiveAt),
    expireAt: iso(v.task.expireAt),
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    createdAt: iso(v.task.createdAt),
    endedAt: isoOrNull(v.task.endedAt),
  };
}

function toTask(v: repo.TaskView, c: Record<string, number> | undefined): PushTask {
  const spec = scopeOf(v.task);
  return {
    ...toListItem(v, c),
    config: (v.task.config as Record<string, unknown> | null) ?? null,
    message: v.task.message,
    resourceId: v.task.resourceId,
    resourceName: v.resourceName,
    logoFileId: v.task.logoFileId,
    logo: v.logoName !== null && v.logoSize !== null ? { name: v.logoName, size: v.logoSize } : null,
    deviceIds: spec.deviceIds,
    groupIds: spec.groupIds,
    sns: spec.sns,
    ttlHours: v.task.ttlHours,
    remark: v.task.remark,
  };
}

/** A task the caller may see; another account's task is "not found". */
const scopedTask = async (deps: Deps, auth: AuthContext, id: number): Promise<repo.TaskView> =>
  visibleTask(auth, await repo.findTaskView(deps.db, id));

export async function getPushTask(deps: Deps, auth: AuthContext, id: number): Promise<PushTask> {
  const v = await scopedTask(deps, auth, id);
  return toTask(v, (await repo.countsFor(deps.db, [id])).get(id));
}

/** The startup logo a logo task sends (image/bmp), for the console's detail page. */
export async function pushTaskLogo(deps: Deps, auth: AuthContext, id: number): Promise<Buffer> {
  const v = await scopedTask(deps, auth, id);
  if (v.task.logoFileId === null) throw notFound();
  const f = await fileRepo.findFile(deps.db, v.task.logoFileId);
  if (!f) throw notFound();
  return deps.storage.get(f.storageKey);
}

export async function listPushTasks(
  deps: Deps,
  auth: AuthContext,
  q: PushTaskListQuery,
): Promise<Page<PushTaskListItem>> {
  const own = ownAccount(auth);
  // an account user may pass its own account id; another one's finds nothing
  const accountId = own ?? q.accountId;
  if (own !== undefined && q.accountId !== undefined && q.accountId !== own) {
    return { list: [], total: 0, page: q.page, pageSize: q.pageSize };
  }
  const { rows, total } = await repo.listTasks(deps.db, {
    accountId,
    createdBy: dataOwner(auth),
    name: q.name || undefined,
    type: q.type,
    status: q.status,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  const counts = await repo.countsFor(
    deps.db,
    rows.map((r) => r.task.id),
  );
  return { list: rows.map((r) => toListItem(r, counts.get(r.task.id))), total, page: q.page, pageSize: q.pageSize };
}

export async function listPushResults(
  deps: Deps,
  auth: AuthContext,
  id: number,
  q: ResultQuery,
): Promise<Page<PushResult>> {
  await scopedTask(deps, auth, id);
  const { rows, total } = await repo.listResults(deps.db, id, {
    state: q.state,
    sn: q.sn || undefined,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return {
    list: rows.map((r) => ({
      deviceId: r.result.deviceId,
      sn: r.sn,
      deviceName: r.deviceName,
      state: r.result.state as PushResult['state'],
      ackCode: r.result.ackCode,
      message: r.result.message,
      latencyMs: r.result.latencyMs,
      sentAt: isoOrNull(r.result.sentAt),
      finishedAt: isoOrNull(r.result.finishedAt),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * A push task over the scope's devices as they are now (devices joining the scope later are not
 * added). Named devices that are unknown or disabled are left out and listed in `failed`; no
 * device at all is an error.
 */
export async function createPushTask(
  deps: Deps,
  auth: AuthContext,
  body: CreatePushTaskBody,
  locale: Locale = DEFAULT_LOCALE,
): Promise<PushTaskCreated> {
  const accountId = targetAccount(auth, body.accountId);
  const spec: ScopeSpec = {
    scope: body.scope,
    deviceIds: body.deviceIds ?? [],
    groupIds: body.groupIds ?? [],
    sns: body.sns ?? [],
    owner: dataOwner(auth),
  };
  await checkScope(deps.db, accountId, spec);
  if (body.type === 'resource' && !(await findResourceForAccount(deps.db, body.resourceId!, accountId))) {
    throw invalid('error.packageNotFound', 'resourceId');
  }
  if (body.type === 'logo') {
    const f = await fileRepo.findFile(deps.db, body.logoFileId!);
    // the account's own upload, or an operator's for the account it names
    const usable = f?.purpose === 'logo' && (f.accountId === accountId || (f.accountId === null && auth.side === 'op'));
    if (!usable) throw invalid('error.logoNotFound', 'logoFileId');
  }
  const found = await devicesInScope(deps.db, accountId, spec);
  const disabled = found.devices.filter((d) => d.status === DeviceStatus.DISABLED);
  const targets = found.devices.filter((d) => d.status !== DeviceStatus.DISABLED);
  if (!targets.length) throw invalid('error.noDevicesInScope', 'scope');
  const failed = [
    ...found.unknown,
    ...(spec.scope === 'all' || spec.scope === 'group' ? [] : disabled.map((d) => d.sn)),
  ];

  const now = new Date();
  const effectiveAt = body.effectiveTime ? new Date(body.effectiveTime) : now;
  const task = await deps.db.transaction(async (tx) => {
    const t = await repo.insertTask(
      tx,
      {
        accountId,
        name: body.name,
        type: body.type,
        config: body.type === 'config' ? body.config : null,
        message: body.type === 'message' ? body.message : null,
        resourceId: body.type === 'resource' ? body.resourceId : null,
        logoFileId: body.type === 'logo' ? body.logoFileId : null,
        scope: spec.scope,
        deviceIds: spec.deviceIds,
        groupIds: spec.groupIds,
        sns: spec.sns,
        // "now" starts pushing at once; a later effective time waits for the engine
        status: effectiveAt <= now ? PushTaskStatus.PUSHING : PushTaskStatus.PENDING,
        effectiveAt,
        expireAt: new Date(effectiveAt.getTime() + body.ttlHours * HOUR),
        ttlHours: body.ttlHours,
        remark: body.remark || null,
        createdBy: auth.userId,
        scopeOwner: spec.owner ?? null,
      },
      targets.map((d) => d.id),
    );
    await audit(tx, auth, {
      module: 'pushTask',
      type: 'add',
      description: {
        key: 'log.pushTask.add',
        params: { name: t.name, id: t.id, type: t.type, count: targets.length },
      },
    });
    return t;
  });
  deps.pushQuiet.forget(accountId);
  if (task.status === PushTaskStatus.PUSHING) kick(deps);
  return {
    ...(await getPushTask(deps, auth, task.id)),
    failed,
    notice: failed.length ? translate('error.someDevicesFailed', locale) : null,
  };
}

/** Cancel a task that has not ended: messages not yet sent are cancelled. */
export async function cancelPushTask(deps: Deps, auth: AuthContext, id: number): Promise<PushTask> {
  const v = await scopedTask(deps, auth, id);
  const done = await deps.db.transaction(async (tx) => {
    if (!(await repo.cancelTask(tx, id, new Date()))) return false;
    await audit(tx, auth, {
      module: 'pushTask',
      type: 'cancel',
      description: { key: 'log.pushTask.cancel', params: { name: v.task.name, id } },
    });
    return true;
  });
  if (!done) throw invalid('error.taskEnded');
  return getPushTask(deps, auth, id);
}
