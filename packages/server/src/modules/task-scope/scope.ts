import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DeviceStatus, type TaskScope } from '@herald/contract';
import type { Db } from '../../db/client';
import { inText } from '../../db/named';
import { deviceGroups, devices } from '../../db/schema';
import { ownedBy } from '../../lib/data-scope';
import { invalid } from '../../lib/errors';

/**
 * Which of an account's devices a task (upgrade or push) covers. Upgrade and push tasks store the
 * same four scope fields; this module is the one reading of them, both when a task is created
 * and when a device later joins the scope (new device, group change) while the task is active.
 */
export type ScopeSpec = {
  /** 'cohort' (upgrade tasks): the cohort's members when the task was created, kept in deviceIds */
  scope: TaskScope | 'cohort';
  deviceIds: number[];
  groupIds: number[];
  sns: string[];
  /** a task of an "own data only" user covers only the devices assigned to that user */
  owner?: number;
};

export type ScopedDevice = {
  id: number;
  sn: string;
  accountId: number;
  modelId: number;
  groupId: number | null;
  /** DeviceStatus: 0 not enabled, 1 disabled, 2 enabled (deleted devices are never in scope) */
  status: number;
  online: boolean;
  firmwareVersion: string | null;
  /** resource/language pack versions by name, from the device's latest report */
  resources: Record<string, string>;
};

const columns = {
  id: devices.id,
  sn: devices.sn,
  accountId: devices.accountId,
  modelId: devices.modelId,
  groupId: devices.groupId,
  status: devices.status,
  online: devices.online,
  firmwareVersion: devices.firmwareVersion,
  resources: sql<Record<string, string> | null>`${devices.telemetry} -> 'resources'`,
};

/** The SQL condition "device is in this scope" (over the devices table). */
export function scopeCondition(spec: ScopeSpec): SQL | undefined {
  switch (spec.scope) {
    case 'all':
      return undefined;
    case 'devices':
    case 'cohort':
      return spec.deviceIds.length ? inArray(devices.id, spec.deviceIds) : sql`false`;
    case 'group':
      return spec.groupIds.length ? inArray(devices.groupId, spec.groupIds) : sql`false`;
    case 'sn':
      return spec.sns.length ? inArray(devices.sn, spec.sns) : sql`false`;
  }
}

/**
 * Checks the scope's references belong to the account: groups must exist ('error.groupNotFound').
 * Unknown device ids or S/Ns are not an error here: they are the devices that "failed task
 * creation", reported by devicesInScope.
 */
export async function checkScope(db: Db, accountId: number, spec: ScopeSpec): Promise<void> {
  if (spec.scope !== 'group') return;
  const found = await db
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.accountId, accountId), inArray(deviceGroups.id, spec.groupIds)));
  if (found.length !== new Set(spec.groupIds).size) throw invalid('error.groupNotFound', 'groupIds');
}

/**
 * The account's devices (not deleted) in the scope, plus the named devices that are not the
 * account's (unknown S/N or id). For one device, see scopeHolds and scopedDevice.
 */
export async function devicesInScope(
  db: Db,
  accountId: number,
  spec: ScopeSpec,
): Promise<{ devices: ScopedDevice[]; unknown: string[] }> {
  const rows = await db
    .select(columns)
    .from(devices)
    .where(
      and(
        eq(devices.accountId, accountId),
        ne(devices.status, DeviceStatus.DELETED),
        scopeCondition(spec),
        ownedBy(devices.ownerUserId, spec.owner),
      ),
    )
    .orderBy(devices.id);
  const list = rows.map((r) => ({ ...r, resources: r.resources ?? {} }));
  let unknown: string[] = [];
  if (spec.scope === 'sn') {
    const seen = new Set(list.map((d) => d.sn));
    unknown = [...new Set(spec.sns)].filter((sn) => !seen.has(sn));
  } else if (spec.scope === 'devices') {
    const seen = new Set(list.map((d) => d.id));
    unknown = [...new Set(spec.deviceIds)].filter((id) => !seen.has(id)).map(String);
  }
  return { devices: list, unknown };
}

/** One device of the account (not deleted), as devicesInScope gives it. */
export async function scopedDevice(db: Db, accountId: number, deviceId: number): Promise<ScopedDevice | undefined> {
  const [row] = await db
    .select(columns)
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.accountId, accountId), ne(devices.status, DeviceStatus.DELETED)));
  return row && { ...row, resources: row.resources ?? {} };
}

/** A task's scope lists: up to TASK_SCOPE_MAX_ITEMS ids or S/Ns each. */
type Lists = 'deviceIds' | 'groupIds' | 'sns';

/**
 * A task table's columns but its scope's lists, for the reads that happen per device or per
 * message (a device's report, ack or claimed message, its joining): with the lists each such read
 * carried up to 10,000 ids or S/Ns of the task's (test/task-scope-size.test.ts).
 */
export function withoutLists<T extends Record<Lists, unknown>>(columns: T): Omit<T, Lists> {
  const { deviceIds: _d, groupIds: _g, sns: _s, ...rest } = columns;
  return rest;
}

/** A task table's scope columns (upgrade and push tasks store the same ones). */
export type ScopeColumns = {
  accountId: AnyPgColumn;
  scope: AnyPgColumn;
  deviceIds: AnyPgColumn;
  groupIds: AnyPgColumn;
  sns: AnyPgColumn;
  scopeOwner: AnyPgColumn;
};

/**
 * The SQL condition "this task's scope holds device `deviceId`" over a task table's rows: what
 * devicesInScope would find of that device, checked by the database against the stored lists.
 * Every device of a live task is checked at each of its connects (a late joiner?), and a task
 * names up to TASK_SCOPE_MAX_ITEMS devices: read into the server, or sent back as a condition, the
 * list made each check cost in proportion to it (~100 ms for two such tasks). Checked here, the
 * database still scans each live task's stored list, but nothing of it crosses to the server or is
 * planned as a condition (4-8 ms for the same two; test/task-scope-size.test.ts). A jsonb array
 * contains a scalar that is one of its elements.
 */
export function scopeHolds(t: ScopeColumns, deviceId: number): SQL {
  return sql`exists (
    select 1 from ${devices} d
     where d.id = ${deviceId} and d.account_id = ${t.accountId} and d.status <> ${inText(DeviceStatus.DELETED)}
       and (${t.scopeOwner} is null or d.owner_user_id = ${t.scopeOwner})
       and case ${t.scope}
             when 'all' then true
             when 'devices' then ${t.deviceIds} @> to_jsonb(d.id)
             when 'cohort' then ${t.deviceIds} @> to_jsonb(d.id)
             when 'group' then d.group_id is not null and ${t.groupIds} @> to_jsonb(d.group_id)
             when 'sn' then ${t.sns} @> to_jsonb(d.sn)
             else false
           end)`;
}

/** The scope fields as stored in a task row (jsonb arrays). */
export function scopeOf(row: {
  scope: string;
  deviceIds: unknown;
  groupIds: unknown;
  sns: unknown;
  scopeOwner: number | null;
}): ScopeSpec {
  return {
    owner: row.scopeOwner ?? undefined,
    scope: row.scope as ScopeSpec['scope'],
    deviceIds: (row.deviceIds as number[] | null) ?? [],
    groupIds: (row.groupIds as number[] | null) ?? [],
    sns: (row.sns as string[] | null) ?? [],
  };
}
