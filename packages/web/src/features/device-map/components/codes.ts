import type { Side } from '@herald/contract';

/** Screen paths (contract routes deviceMap, deviceMap.detailOp/detailAc; the detail takes `?id=<device id>`). */
export const DEVICE_MAP = '/device-map/list';
export const mapLocationPath = (side: Side, id: number) => `${DEVICE_MAP}/detail-${side}?id=${id}`;

/** The map's menu permission; `.query` opens a device's location from the map. */
export const MAP = 'herald.device.map';
export const MAP_QUERY = `${MAP}.query`;

/** The platform's cell table (operators only): see its size, and import rows into it. */
export const CELL_QUERY = 'herald.op.cell.query';
export const CELL_IMPORT = 'herald.op.cell.import';
