import {
  cellImportBody,
  cellImportResultSchema,
  cellStatsSchema,
  deviceLocationQuery,
  deviceLocationSchema,
  mapConfigSchema,
  mapDeviceQuery,
  mapDeviceSchema,
  mapMarkerQuery,
  mapMarkersSchema,
} from '../schemas/locations';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['device-map'];
/** The map is both sides' (scoped in the service: an account's own fleet, which needs the service). */
const map = { permission: 'herald.device.map.query' } as const;

export const locationsApi = {
  mapConfig: route({
    method: 'GET',
    path: '/v1/device-map/mapConfig',
    response: mapConfigSchema,
    access: {
      permission: [
        'herald.device.map.query',
        'herald.device.physical.list.query',
        'herald.device.physical.list.location.query',
        'herald.geo.fence.query',
      ],
    },
    summary: 'How the console draws maps',
    tags,
  }),
  pageQueryMapDevice: route({
    method: 'GET',
    path: '/v1/device-map/pageQueryMapDevice',
    query: mapDeviceQuery,
    response: pageOf(mapDeviceSchema),
    access: map,
    summary: 'Devices of the map, a page at a time, with their positions',
    tags,
  }),
  listQueryDeviceLocation: route({
    method: 'GET',
    path: '/v1/device-map/listQueryDeviceLocation',
    query: mapMarkerQuery,
    response: mapMarkersSchema,
    access: map,
    summary: 'Located devices as map markers (at most 2,000, the latest located)',
    tags,
  }),
  deviceLocationMapDetail: route({
    method: 'GET',
    path: '/v1/device-map/deviceLocationMapDetail/:id',
    params: idParamSchema,
    query: deviceLocationQuery,
    response: deviceLocationSchema,
    access: {
      permission: [
        'herald.device.map.query',
        'herald.device.physical.list.query',
        'herald.device.physical.list.location.query',
        'herald.geo.fence.query',
      ],
    },
    summary: "A device's position, its track (the last 24 hours unless asked, at most 7 days) and its fences",
    tags,
  }),
  listCells: route({
    method: 'GET',
    path: '/v1/device-map/cells',
    response: cellStatsSchema,
    access: { side: 'op', permission: 'herald.op.cell.query' },
    summary: 'How many cells the cell table knows',
    tags,
  }),
  saveCells: route({
    method: 'POST',
    path: '/v1/device-map/cells',
    body: cellImportBody,
    response: cellImportResultSchema,
    access: { side: 'op', permission: 'herald.op.cell.import' },
    summary: 'Add or replace cells of the cell table (at most 5,000 a call)',
    tags,
  }),
};
