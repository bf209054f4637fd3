import type { z } from 'zod';
import {
  DEFAULT_LOCALE,
  type DeviceRegistration,
  type Locale,
  type Page,
  type registrationListQuery,
  type updateDeviceBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { offsetOf } from '../../lib/filters';
import { dataOwner } from '../../lib/data-scope';
import { ownAccount } from '../../lib/scope';
import * as repo from './repo';
import { scopedDevice, toDevice, updateDevice } from './service';

/**
 * Device registrations ('herald.device.list'): the same devices as the device list, seen as
 * registrations (application, manufacturer, activation). A role may hold this menu without the
 * physical device list, so it reads through its own endpoints and shows no live state or commands.
 */
type ListQuery = z.infer<typeof registrationListQuery>;

export function toRegistration(d: ReturnType<typeof toDevice>): DeviceRegistration {
  return {
    id: d.id,
    accountId: d.accountId,
    accountName: d.accountName,
    sn: d.sn,
    name: d.name,
    modelId: d.modelId,
    modelName: d.modelName,
    modelCode: d.modelCode,
    groupId: d.groupId,
    groupName: d.groupName,
    appId: d.appId,
    appName: d.appName,
    manufacturerId: d.manufacturerId,
    manufacturerName: d.manufacturerName,
    status: d.status,
    activated: d.activated,
    activatedAt: d.activatedAt,
    online: d.online,
    lastOnlineAt: d.lastOnlineAt,
    lastOfflineAt: d.lastOfflineAt,
    firmwareVersion: d.firmwareVersion,
    contactPhone: d.contactPhone,
    createdAt: d.createdAt,
  };
}

/** Live (not deleted) devices; account users see only their account's. */
export async function listRegistrations(
  deps: Deps,
  auth: AuthContext,
  q: ListQuery,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Page<DeviceRegistration>> {
  const { rows, total } = await repo.listDevices(deps.db, {
    deleted: false,
    accountId: ownAccount(auth) ?? q.accountId,
    ownerUserId: dataOwner(auth),
    sn: q.sn || undefined,
    name: q.name || undefined,
    modelId: q.modelId,
    appId: q.appId,
    manufacturerId: q.manufacturerId,
    activated: q.activated,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  const now = Date.now();
  return { list: rows.map((r) => toRegistration(toDevice(r, now, locale))), total, page: q.page, pageSize: q.pageSize };
}

export async function getRegistration(
  deps: Deps,
  auth: AuthContext,
  id: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<DeviceRegistration> {
  return toRegistration(toDevice(await scopedDevice(deps, auth, id), Date.now(), locale));
}

/** Name, contact number and group: the same edit as the device list's, audited the same way. */
export async function updateRegistration(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: z.infer<typeof updateDeviceBody>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<DeviceRegistration> {
  return toRegistration(await updateDevice(deps, auth, id, body, locale));
}
