import type { z } from 'zod';
import {
  AccountStatus,
  DEFAULT_LOCALE,
  DEFAULT_PRINT_PARAMS,
  DeviceStatus,
  MUTE_MAX_MS,
  PRINTER_STATES,
  type BatchResult,
  type createDeviceBody,
  type Device,
  type DeviceDetail,
  type deviceListQuery,
  type Locale,
  type Page,
  type PrinterState,
  type PrintParams,
  isPrinterType,
  PRINTER_ONLY_PARAMS,
  type updateDeviceBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import { randomToken } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, conflict, forbidden, invalid, notFound, uniqueViolation } from '../../lib/errors';
import { iso, isoOrNull, offsetOf } from '../../lib/filters';
import { dataOwner, mustOwn } from '../../lib/data-scope';
import { ownAccount, targetAccount } from '../../lib/scope';
import { groupLabel } from '../groups/default-name';
import * as groupsRepo from '../groups/repo';
import { flushDevice, markBehind } from '../print-pipeline/pipeline';
import * as modelsRepo from '../models/repo';
import { MODEL_DISABLED } from '../models/service';
import { audit } from '../oper-log/audit';
import { recentCommands } from '../device-commands/repo';
import { sendToOnline, toCommand } from '../device-commands/service';
import { notifyChanged } from '../../lib/device-changed';
import { deviceBrand } from '../qr-brand/service';
import * as repo from './repo';

type ListQuery = z.infer<typeof deviceListQuery>;
type CreateBody = z.infer<typeof createDeviceBody>;
type UpdateBody = z.infer<typeof updateDeviceBody>;

/** `locale`: the default group's name is shown in the request's language. */
export function toDevice(v: repo.DeviceView, now = Date.now(), locale: Locale = DEFAULT_LOCALE): Device {
  const d = v.device;
  const tm = d.telemetry as { battery?: { level?: unknown }; printer?: { state?: unknown } } | null;
  const battery = tm?.battery;
  const printerState = tm?.printer?.state;
  return {
    id: d.id,
    accountId: d.accountId,
    accountName: v.accountName,
    sn: d.sn,
    name: d.name,
    modelId: d.modelId,
    modelName: v.modelName,
    modelCode: v.modelCode,
    modelType: v.modelType,
    groupId: d.groupId,
    groupName: groupLabel(v.groupName, v.groupIsDefault, locale),
    appId: d.appId,
    appName: v.appName,
    manufacturerId: d.manufacturerId,
    manufacturerName: v.manufacturerName,
    ownerUserId: d.ownerUserId,
    ownerName: v.ownerName,
    status: d.status,
    activated: d.activated,
    activatedAt: isoOrNull(d.activatedAt),
    online: d.online,
    lastOnlineAt: isoOrNull(d.lastOnlineAt),
    lastOfflineAt: isoOrNull(d.lastOfflineAt),
    paused: d.paused,
    muted: d.mutedUntil !== null && d.mutedUntil.getTime() > now,
    mutedUntil: isoOrNull(d.mutedUntil),
    qrEnabled: d.qrEnabled,
    hasQrPassword: !!d.qrPassword,
    firmwareVersion: d.firmwareVersion,
    contactPhone: d.contactPhone,
    batteryLevel: typeof battery?.level === 'number' ? battery.level : null,
    // telemetry is stored as reported: only a state the contract knows is shown
    printerState: (PRINTER_STATES as readonly unknown[]).includes(printerState) ? (printerState as PrinterState) : null,
    // a disabled account's services are all unavailable, its brand too (its logo is not served)
    brand: deviceBrand({
      enabled: v.brandEnabled === true && v.accountStatus === AccountStatus.ENABLED,
      productName: v.brandName,
      logoKey: v.brandLogoKey,
    }),
    deletedAt: isoOrNull(d.deletedAt),
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.updatedAt),
  };
}

function listFilters(auth: AuthContext, q: ListQuery) {
  const own = ownAccount(auth);
  return {
    accountId: own ?? q.accountId,
    ownerUserId: dataOwner(auth),
    owner: q.ownerUserId,
    sn: q.sn || undefined,
    name: q.name || undefined,
    modelId: q.modelId,
    groupId: q.groupId,
    appId: q.appId,
    manufacturerId: q.manufacturerId,
    online: q.online,
    activated: q.activated,
    status: q.status,
    paused: q.paused,
    muted: q.muted,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  };
}

/** What a device's QR code says: its public landing page. */
const qrUrlOf = (deps: Deps, sn: string) => `${deps.config.publicUrl}/d/${encodeURIComponent(sn)}`;

/** The device list; `deleted` gives the deleted list; account users see only their account. */
export async function listDevices(
  deps: Deps,
  auth: AuthContext,
  q: ListQuery,
  deleted = false,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Page<Device>> {
  const { rows, total } = await repo.listDevices(deps.db, { ...listFilters(auth, q), deleted });
  const now = Date.now();
  const list = rows.map((r) => ({ ...toDevice(r, now, locale), qrUrl: qrUrlOf(deps, r.device.sn) }));
  return { list, total, page: q.page, pageSize: q.pageSize };
}

/** The silence list: devices muted now. */
export const listMutedDevices = (deps: Deps, auth: AuthContext, q: ListQuery, locale: Locale = DEFAULT_LOCALE) =>
  listDevices(deps, auth, { ...q, muted: true }, false, locale);

/** A device the caller may see (another account's is "not found"). */
export async function scopedDevice(deps: Deps, auth: AuthContext, id: number, opts: { deleted?: boolean } = {}) {
  const v = await repo.findDeviceView(deps.db, id);
  const own = ownAccount(auth);
  if (!v || (own !== undefined && v.device.accountId !== own)) throw notFound();
  mustOwn(auth, v.device.ownerUserId);
  if (!opts.deleted && v.device.status === DeviceStatus.DELETED) throw notFound();
  return v;
}

/** Devices of a batch action: every id must be the caller's and live (or deleted, for restore). */
async function scopedDevices(deps: Deps, auth: AuthContext, ids: number[], opts: { deleted?: boolean } = {}) {
  const unique = [...new Set(ids)];
  const rows = await repo.findDevicesByIds(deps.db, unique);
  const own = ownAccount(auth);
  const owner = dataOwner(auth);
  const fits = (d: repo.DeviceRow) =>
    (own === undefined || d.accountId === own) &&
    (owner === undefined || d.ownerUserId === owner) &&
    (d.status === DeviceStatus.DELETED) === !!opts.deleted;
  if (rows.length !== unique.length || !rows.every(fits)) throw notFound();
  return rows;
}

export async function getDevice(
  deps: Deps,
  auth: AuthContext,
  id: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<DeviceDetail> {
  const v = await scopedDevice(deps, auth, id, { deleted: true });
  const [connections, commands, logs] = await Promise.all([
    repo.recentConnections(deps.db, id),
    recentCommands(deps.db, id),
    repo.listLogs(deps.db, id, 20),
  ]);
  const now = Date.now();
  return {
    ...toDevice(v, now, locale),
    printParams: { ...DEFAULT_PRINT_PARAMS, ...(v.device.printParams as object) } as PrintParams,
    telemetry: (v.device.telemetry as Record<string, unknown> | null) ?? null,
    telemetryAt: isoOrNull(v.device.telemetryAt),
    lat: v.device.lat,
    lng: v.device.lng,
    connections: connections.map((c) => ({
      id: c.id,
      connectedAt: iso(c.connectedAt),
      disconnectedAt: isoOrNull(c.disconnectedAt),
      ip: c.ip,
      reason: c.reason,
    })),
    commands: commands.map((c) => toCommand(c, now)),
    logs: logs.map((l) => toLog(l, now)),
  };
}

export function toLog(l: Awaited<ReturnType<typeof repo.listLogs>>[number], now = Date.now()) {
  return {
    id: l.id,
    fileName: l.fileName,
    size: l.size,
    status: l.uploadedAt
      ? ('uploaded' as const)
      : l.expiresAt.getTime() < now
        ? ('expired' as const)
        : ('pending' as const),
    uploadedAt: isoOrNull(l.uploadedAt),
    expiresAt: iso(l.expiresAt),
    createdAt: iso(l.createdAt),
  };
}

export async function getDeviceSummary(
  deps: Deps,
  auth: AuthContext,
  id: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Device> {
  return toDevice(await scopedDevice(deps, auth, id, { deleted: true }), Date.now(), locale);
}

// ── references checked on add, edit and import ────────────────────────────

/** The account's default group (created if the account somehow has none). */
export async function defaultGroupOf(deps: Deps, accountId: number): Promise<number> {
  let id = await groupsRepo.defaultGroupId(deps.db, accountId);
  if (id === undefined) {
    await groupsRepo.createDefaultGroup(deps.db, accountId);
    id = await groupsRepo.defaultGroupId(deps.db, accountId);
  }
  if (id === undefined) throw notFound();
  return id;
}

async function groupOfAccount(deps: Deps, accountId: number, groupId: number): Promise<number> {
  const g = await groupsRepo.findGroup(deps.db, groupId);
  if (!g || g.accountId !== accountId) throw invalid('error.groupNotFound', 'groupId');
  return g.id;
}

/** An enabled model: a disabled one blocks new devices. */
async function usableModel(deps: Deps, modelId: number) {
  const m = await modelsRepo.findModelView(deps.db, modelId);
  if (!m) throw invalid('error.modelNotFound', 'modelId');
  if (m.status === MODEL_DISABLED) throw invalid('error.modelDisabled', 'modelId');
  return m;
}

function snTaken(err: unknown): AppError | undefined {
  return !(err instanceof AppError) && uniqueViolation(err) === 'devices_sn_uq'
    ? conflict('error.snExists', 'sn')
    : undefined;
}

/** A new device; its secret (one-device-one-secret) is in this answer only. */
export async function createDevice(
  deps: Deps,
  auth: AuthContext,
  body: CreateBody,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Device & { secret: string }> {
  const accountId = targetAccount(auth, body.accountId);
  if (auth.side === 'op' && !(await repo.accountExists(deps.db, accountId)))
    throw invalid('error.notFound', 'accountId');
  await usableModel(deps, body.modelId);
  const groupId = body.groupId
    ? await groupOfAccount(deps, accountId, body.groupId)
    : await defaultGroupOf(deps, accountId);
  if (body.appId) {
    const app = await repo.findAppOwner(deps.db, body.appId);
    if (!app || app.accountId !== accountId) throw invalid('error.appNotFound', 'appId');
  }
  if (body.manufacturerId && !(await repo.manufacturerExists(deps.db, body.manufacturerId))) {
    throw invalid('error.manufacturerNotFound', 'manufacturerId');
  }
  if (await repo.findLiveDeviceBySn(deps.db, body.sn)) throw conflict('error.snExists', 'sn');
  const secret = randomToken(24);
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      const [row] = await repo.insertDevices(tx, [
        {
          accountId,
          sn: body.sn,
          name: body.name || null,
          modelId: body.modelId,
          groupId,
          appId: body.appId ?? null,
          manufacturerId: body.manufacturerId ?? null,
          // an account user's new device is theirs; an operator's is the account's, assigned to nobody
          ownerUserId: auth.side === 'ac' ? auth.userId : null,
          contactPhone: body.contactPhone || null,
          secret,
          status: DeviceStatus.ENABLED,
          printParams: { ...DEFAULT_PRINT_PARAMS },
        },
      ]);
      await audit(tx, auth, {
        module: 'device',
        type: 'add',
        description: { key: 'log.device.add', params: { sn: body.sn, id: row!.id } },
      });
      return row!.id;
    });
  } catch (err) {
    throw snTaken(err) ?? err;
  }
  await notifyChanged(deps, [body.sn]);
  return { ...(await getDeviceSummary(deps, auth, id, locale)), secret };
}

export async function updateDevice(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: UpdateBody,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Device> {
  const { device } = await scopedDevice(deps, auth, id);
  const groupId = body.groupId !== undefined ? await groupOfAccount(deps, device.accountId, body.groupId) : undefined;
  const values = {
    ...(body.name !== undefined ? { name: body.name || null } : {}),
    ...(body.contactPhone !== undefined ? { contactPhone: body.contactPhone || null } : {}),
    ...(groupId !== undefined ? { groupId } : {}),
  };
  await deps.db.transaction(async (tx) => {
    await repo.updateDevices(tx, [id], values);
    await audit(tx, auth, {
      module: 'device',
      type: 'edit',
      description: {
        key: Object.keys(values).length ? 'log.device.edit' : 'log.device.editNoFields',
        params: { sn: device.sn, id, fields: Object.keys(values).join(', ') },
      },
    });
  });
  return getDeviceSummary(deps, auth, id, locale);
}

/** Stored always; sent at once when the device is online. */
export async function setPrintParams(
  deps: Deps,
  auth: AuthContext,
  id: number,
  params: PrintParams,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { device, modelType } = await scopedDevice(deps, auth, id);
  if (!isPrinterType(modelType)) {
    const stored = { ...DEFAULT_PRINT_PARAMS, ...(device.printParams as object) } as PrintParams;
    params = { ...params, ...Object.fromEntries(PRINTER_ONLY_PARAMS.map((k) => [k, stored[k]])) };
  }
  await deps.db.transaction(async (tx) => {
    await repo.updateDevices(tx, [id], { printParams: params });
    await audit(tx, auth, {
      module: 'device',
      type: 'printParams',
      description: { key: 'log.device.printInfo', params: { sn: device.sn } },
    });
  });
  const [sent] = await sendToOnline(deps, auth, [device], 'setPrintParams', params);
  return { device: await getDeviceSummary(deps, auth, id, locale), commandId: sent?.commandId ?? null };
}

/** QR code switch and password ('' removes the password, absent keeps it). */
export async function setQr(
  deps: Deps,
  auth: AuthContext,
  id: number,
  body: { enabled: boolean; password?: string },
  locale: Locale = DEFAULT_LOCALE,
) {
  const { device } = await scopedDevice(deps, auth, id);
  const password = body.password === undefined ? device.qrPassword : body.password || null;
  await deps.db.transaction(async (tx) => {
    await repo.updateDevices(tx, [id], { qrEnabled: body.enabled, qrPassword: password });
    await audit(tx, auth, {
      module: 'device',
      type: 'qrSwitch',
      description: {
        key: body.enabled
          ? password
            ? 'log.device.qrOnPassword'
            : 'log.device.qrOn'
          : password
            ? 'log.device.qrOffPassword'
            : 'log.device.qrOff',
        params: { sn: device.sn },
      },
    });
  });
  const [sent] = await sendToOnline(deps, auth, [device], 'qrSwitch', {
    enabled: body.enabled,
    ...(password ? { password } : {}),
  });
  return { device: await getDeviceSummary(deps, auth, id, locale), commandId: sent?.commandId ?? null };
}

// ── batch actions ─────────────────────────────────────────────────────────

const snList = (rows: { sn: string }[]) =>
  rows.length <= 20
    ? rows.map((r) => r.sn).join(', ')
    : `${rows
        .slice(0, 20)
        .map((r) => r.sn)
        .join(', ')} … (+${rows.length - 20})`;

async function batch(
  deps: Deps,
  auth: AuthContext,
  rows: repo.DeviceRow[],
  values: Partial<repo.DeviceRow>,
  entry: {
    type:
      | 'enable'
      | 'disable'
      | 'pause'
      | 'resume'
      | 'mute'
      | 'unmute'
      | 'switchGroup'
      | 'delete'
      | 'restore'
      | 'assignOwner'
      | 'unassignOwner';
    /** values for the log message's other placeholders (`log.device.<type>`) */
    params?: Record<string, string>;
  },
) {
  await deps.db.transaction(async (tx) => {
    await repo.updateDevices(
      tx,
      rows.map((r) => r.id),
      values,
    );
    await audit(tx, auth, {
      module: 'device',
      type: entry.type === 'unassignOwner' ? 'assignOwner' : entry.type,
      description: { key: `log.device.${entry.type}`, params: { ...entry.params, sns: snList(rows) } },
    });
  });
}

/** Enable (2) or disable (1); a disabled device is disconnected now and refused at connect. */
export async function setStatus(deps: Deps, auth: AuthContext, ids: number[], status: 1 | 2): Promise<BatchResult> {
  const rows = await scopedDevices(deps, auth, ids);
  const enable = status === DeviceStatus.ENABLED;
  await batch(deps, auth, rows, { status }, { type: enable ? 'enable' : 'disable' });
  await notifyChanged(
    deps,
    rows.map((d) => d.sn),
    enable ? undefined : 'disabled',
  );
  return { count: rows.length, commands: [] };
}

export async function setPaused(deps: Deps, auth: AuthContext, ids: number[], paused: boolean): Promise<BatchResult> {
  const rows = await scopedDevices(deps, auth, ids);
  await batch(deps, auth, rows, { paused }, { type: paused ? 'pause' : 'resume' });
  // from now new jobs are sent at once: they must not pass the ones held during the pause
  if (!paused) for (const d of rows) markBehind(deps, d.id);
  const commands = await sendToOnline(deps, auth, rows, paused ? 'pause' : 'resume', {});
  // resumed: the jobs held back while paused go out now, behind the resume command
  if (!paused) for (const d of rows) if (d.online) void flushDevice(deps, d);
  return { count: rows.length, commands };
}

/** Muted until now + minutes (at most 24 hours: it lifts by itself then). */
export async function mute(deps: Deps, auth: AuthContext, ids: number[], minutes?: number): Promise<BatchResult> {
  const rows = await scopedDevices(deps, auth, ids);
  const until = new Date(Date.now() + Math.min((minutes ?? MUTE_MAX_MS / 60_000) * 60_000, MUTE_MAX_MS));
  await batch(deps, auth, rows, { mutedUntil: until }, { type: 'mute', params: { until: iso(until) } });
  return { count: rows.length, commands: await sendToOnline(deps, auth, rows, 'mute', { until: until.getTime() }) };
}

export async function unmute(deps: Deps, auth: AuthContext, ids: number[]): Promise<BatchResult> {
  const rows = await scopedDevices(deps, auth, ids);
  await batch(deps, auth, rows, { mutedUntil: null }, { type: 'unmute' });
  return { count: rows.length, commands: await sendToOnline(deps, auth, rows, 'unmute', {}) };
}

/** Every device must belong to the group's account. */
export async function switchGroup(deps: Deps, auth: AuthContext, ids: number[], groupId: number): Promise<BatchResult> {
  const rows = await scopedDevices(deps, auth, ids);
  const g = await groupsRepo.findGroup(deps.db, groupId);
  if (!g || !rows.every((d) => d.accountId === g.accountId)) throw invalid('error.groupNotFound', 'groupId');
  await batch(deps, auth, rows, { groupId }, { type: 'switchGroup', params: { group: g.name } });
  deps.devicesRegrouped(g.accountId);
  return { count: rows.length, commands: [] };
}

/**
 * Assign devices to a user of their account, or (null) to nobody. Only a caller who sees the whole
 * account may: an "own data only" user would be giving away, or taking, what they cannot see.
 */
export async function assignOwner(
  deps: Deps,
  auth: AuthContext,
  ids: number[],
  userId: number | null,
): Promise<BatchResult> {
  if (dataOwner(auth) !== undefined) throw forbidden();
  const rows = await scopedDevices(deps, auth, ids);
  let username = '';
  if (userId !== null) {
    const u = await repo.findAccountUser(deps.db, userId);
    if (!u || !rows.every((d) => d.accountId === u.accountId)) throw invalid('error.notFound', 'userId');
    username = u.username;
  }
  await batch(
    deps,
    auth,
    rows,
    { ownerUserId: userId },
    userId === null ? { type: 'unassignOwner' } : { type: 'assignOwner', params: { user: username } },
  );
  return { count: rows.length, commands: [] };
}

/** To the deleted list (status -1); the S/N is free again; a connected device is dropped. */
export async function deleteDevices(deps: Deps, auth: AuthContext, ids: number[]): Promise<BatchResult> {
  const rows = await scopedDevices(deps, auth, ids);
  await batch(deps, auth, rows, { status: DeviceStatus.DELETED, deletedAt: new Date() }, { type: 'delete' });
  await notifyChanged(
    deps,
    rows.map((d) => d.sn),
    'deleted',
  );
  return { count: rows.length, commands: [] };
}

/** Back from the deleted list, enabled — unless a live device has taken its S/N meanwhile. */
export async function restoreDevices(deps: Deps, auth: AuthContext, ids: number[]): Promise<BatchResult> {
  const rows = await scopedDevices(deps, auth, ids, { deleted: true });
  const sns = rows.map((r) => r.sn);
  if (new Set(sns).size !== sns.length || (await repo.liveSns(deps.db, sns)).size > 0)
    throw conflict('error.snExists', 'sn');
  try {
    await batch(deps, auth, rows, { status: DeviceStatus.ENABLED, deletedAt: null }, { type: 'restore' });
  } catch (err) {
    throw snTaken(err) ?? err;
  }
  await notifyChanged(deps, sns);
  return { count: rows.length, commands: [] };
}

/** Lookup for the QR code page: what the device's QR code says. */
export async function qrcodeOf(deps: Deps, auth: AuthContext, sn: string) {
  const d = await repo.findLiveDeviceBySnInAccount(deps.db, sn, ownAccount(auth), dataOwner(auth));
  if (!d) throw notFound();
  return {
    sn: d.sn,
    url: qrUrlOf(deps, d.sn),
    qrEnabled: d.qrEnabled,
    hasPassword: !!d.qrPassword,
  };
}
