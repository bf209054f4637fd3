import { newWorkbook } from '../../lib/excel';
import { DEVICE_EXPORT_MAX_ROWS, translate, type Device, type DeviceExportQuery, type Locale } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { toCsv } from '../oper-log/csv';
import { listDevices } from './service';

/**
 * The device list as a file, with the list's own filters and order (herald.device.physical.list
 * .export): the same query as the page, without paging, at most DEVICE_EXPORT_MAX_ROWS rows.
 * Headers and yes/no in the caller's language; operators get the account column.
 */
const COLUMNS = [
  'sn',
  'name',
  'account',
  'model',
  'type',
  'group',
  'owner',
  'app',
  'manufacturer',
  'status',
  'online',
  'activated',
  'paused',
  'muted',
  'printerState',
  'battery',
  'firmware',
  'lastOnlineAt',
  'createdAt',
] as const;

function rowOf(d: Device, locale: Locale): (string | number | null)[] {
  const yes = (b: boolean) => translate(b ? 'device.export.yes' : 'device.export.no', locale);
  const cells: Record<(typeof COLUMNS)[number], string | number | null> = {
    sn: d.sn,
    name: d.name,
    account: d.accountName,
    model: d.modelName,
    type: d.modelType,
    group: d.groupName,
    owner: d.ownerName,
    app: d.appName,
    manufacturer: d.manufacturerName,
    status: translate(`device.export.status.${d.status}`, locale),
    online: yes(d.online),
    activated: yes(d.activated),
    paused: yes(d.paused),
    muted: yes(d.muted),
    printerState: d.printerState,
    battery: d.batteryLevel,
    firmware: d.firmwareVersion,
    lastOnlineAt: d.lastOnlineAt,
    createdAt: d.createdAt,
  };
  return COLUMNS.map((c) => cells[c]);
}

export async function exportDevices(
  deps: Deps,
  auth: AuthContext,
  q: DeviceExportQuery,
  locale: Locale,
): Promise<{ body: Buffer | string; type: string; extension: string }> {
  const { format, ...filters } = q;
  const page = await listDevices(deps, auth, { ...filters, page: 1, pageSize: DEVICE_EXPORT_MAX_ROWS }, false, locale);
  const columns = auth.side === 'op' ? COLUMNS : COLUMNS.filter((c) => c !== 'account');
  const keep = columns.map((c) => COLUMNS.indexOf(c));
  const header = columns.map((c) => translate(`device.export.${c}`, locale));
  const rows = page.list.map((d) => {
    const r = rowOf(d, locale);
    return keep.map((i) => r[i] ?? null);
  });
  if (format === 'csv') return { body: toCsv([header, ...rows]), type: 'text/csv; charset=utf-8', extension: 'csv' };
  const wb = await newWorkbook();
  const ws = wb.addWorksheet('Devices');
  ws.columns = header.map((h) => ({ header: h, width: 18 }));
  ws.getRow(1).font = { bold: true };
  // S/N as text, so leading zeros survive Excel
  ws.getColumn(1).numFmt = '@';
  // plain values: exceljs writes a string starting with = as text (a formula needs { formula })
  for (const r of rows) ws.addRow(r);
  return {
    body: Buffer.from(await wb.xlsx.writeBuffer()),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}
