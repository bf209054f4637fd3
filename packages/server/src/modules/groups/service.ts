import type { z } from 'zod';
import {
  DEFAULT_LOCALE,
  type createGroupBody,
  type Group,
  type groupListQuery,
  type Locale,
  type Page,
  type updateGroupBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { conflict, duplicateAs, invalid, notFound } from '../../lib/errors';
import { iso, offsetOf } from '../../lib/filters';
import { ownAccount, targetAccount } from '../../lib/scope';
import { audit } from '../oper-log/audit';
import { groupLabel, isDefaultGroupName } from './default-name';
import * as repo from './repo';

type ListQuery = z.infer<typeof groupListQuery>;
type CreateBody = z.infer<typeof createGroupBody>;
type UpdateBody = z.infer<typeof updateGroupBody>;

const toGroup = (v: { group: repo.GroupRow; deviceCount: number }, locale: Locale): Group => ({
  id: v.group.id,
  accountId: v.group.accountId,
  name: groupLabel(v.group.name, v.group.isDefault, locale),
  description: v.group.description,
  isDefault: v.group.isDefault,
  deviceCount: v.deviceCount,
  createdAt: iso(v.group.createdAt),
  updatedAt: iso(v.group.updatedAt),
});

/** Groups belong to accounts; account users reach only their own. */
export async function listGroups(
  deps: Deps,
  auth: AuthContext,
  q: ListQuery,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Page<Group>> {
  const accountId = targetAccount(auth, undefined);
  const { rows, total } = await repo.listGroups(deps.db, accountId, {
    name: q.name || undefined,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map((r) => toGroup(r, locale)), total, page: q.page, pageSize: q.pageSize };
}

/** A group the caller may see; another account's group is "not found". */
async function scopedGroup(deps: Deps, auth: AuthContext, id: number) {
  const v = await repo.findGroupView(deps.db, id);
  const own = ownAccount(auth);
  if (!v || (own !== undefined && v.group.accountId !== own)) throw notFound();
  return v;
}

export const getGroup = async (deps: Deps, auth: AuthContext, id: number, locale: Locale = DEFAULT_LOCALE) =>
  toGroup(await scopedGroup(deps, auth, id), locale);

const withDuplicateMapping = <T>(run: () => Promise<T>) =>
  duplicateAs('device_groups_name_uq', 'error.groupNameExists', 'name', run);

export async function createGroup(
  deps: Deps,
  auth: AuthContext,
  body: CreateBody,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Group> {
  const accountId = targetAccount(auth, undefined);
  // the default group's name, in any language, stays the default group's
  if (isDefaultGroupName(body.name) || (await repo.findGroupIdByName(deps.db, accountId, body.name))) {
    throw conflict('error.groupNameExists', 'name');
  }
  const id = await withDuplicateMapping(() =>
    deps.db.transaction(async (tx) => {
      const g = await repo.insertGroup(tx, { accountId, name: body.name, description: body.description || null });
      await audit(tx, auth, {
        module: 'group',
        type: 'add',
        description: { key: 'log.group.add', params: { name: g.name, id: g.id } },
      });
      return g.id;
    }),
  );
  return getGroup(deps, auth, id, locale);
}

export async function updateGroup(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: UpdateBody,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Group> {
  const { group } = await scopedGroup(deps, auth, id);
  // The console shows the default group's name translated and sends it back on save: any
  // language's default name keeps the stored placeholder, so it goes on following the language.
  const name =
    body.name !== undefined && isDefaultGroupName(body.name)
      ? group.isDefault
        ? repo.DEFAULT_GROUP_NAME
        : undefined
      : body.name;
  if (body.name !== undefined && name === undefined) throw conflict('error.groupNameExists', 'name');
  if (name && (await repo.findGroupIdByName(deps.db, group.accountId, name, id))) {
    throw conflict('error.groupNameExists', 'name');
  }
  await withDuplicateMapping(() =>
    deps.db.transaction(async (tx) => {
      await repo.updateGroup(tx, id, {
        ...(name !== undefined ? { name } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
      });
      await audit(tx, auth, {
        module: 'group',
        type: 'edit',
        description: { key: 'log.group.edit', params: { name: group.name, id } },
      });
    }),
  );
  return getGroup(deps, auth, id, locale);
}

/** The default group stays; a deleted group's devices move to the default group. */
export async function deleteGroup(deps: Deps, auth: AuthContext, id: number): Promise<{ movedDevices: number }> {
  const { group } = await scopedGroup(deps, auth, id);
  if (group.isDefault) throw invalid('error.defaultGroupUndeletable');
  const defaultId = await repo.defaultGroupId(deps.db, group.accountId);
  if (defaultId === undefined) throw notFound();
  const movedDevices = await deps.db.transaction(async (tx) => {
    const moved = await repo.deleteGroup(tx, id, defaultId);
    await audit(tx, auth, {
      module: 'group',
      type: 'delete',
      description: { key: 'log.group.delete', params: { name: group.name, id, moved } },
    });
    return moved;
  });
  return { movedDevices };
}

/** Lookup: the groups of the caller's account, or of the account an operator names. */
export const groupOptions = async (
  deps: Deps,
  auth: AuthContext,
  accountId: number | undefined,
  locale: Locale = DEFAULT_LOCALE,
) =>
  (await repo.groupOptions(deps.db, targetAccount(auth, accountId))).map((g) => ({
    ...g,
    name: groupLabel(g.name, g.isDefault, locale),
  }));
