import {
  cellImportBody,
  cellImportResultSchema,
  cellStatsSchema,
  deviceLocationQuery,
  deviceLocationSchema,
  envelope,
  idParamSchema,
  mapConfigSchema,
  mapDeviceQuery,
  mapDeviceSchema,
  mapMarkerQuery,
  mapMarkersSchema,
  pageOf,
} from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import * as locations from './service';

const tags = ['device-map'];
/** The map is both sides' (scoped in the service: an account's own fleet, which needs the service). */
const map = { access: { permission: 'herald.device.map.query' } } as const;

const locationRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/device-map/mapConfig',
    {
      config: {
        access: {
          permission: [
            'herald.device.map.query',
            'herald.device.physical.list.query',
            'herald.device.physical.list.location.query',
            'herald.geo.fence.query',
          ],
        },
      },
      schema: { tags, summary: 'How the console draws maps', response: { 200: envelope(mapConfigSchema) } },
    },
    async (req) => ok(await locations.mapConfig(deps, req.auth)),
  );
  app.get(
    '/v1/device-map/pageQueryMapDevice',
    {
      config: map,
      schema: {
        tags,
        summary: 'Devices of the map, a page at a time, with their positions',
        querystring: mapDeviceQuery,
        response: { 200: envelope(pageOf(mapDeviceSchema)) },
      },
    },
    async (req) => ok(await locations.mapPage(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/device-map/listQueryDeviceLocation',
    {
      config: map,
      schema: {
        tags,
        summary: 'Located devices as map markers (at most 2,000, the latest located)',
        querystring: mapMarkerQuery,
        response: { 200: envelope(mapMarkersSchema) },
      },
    },
    async (req) => ok(await locations.mapMarkers(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/device-map/deviceLocationMapDetail/:id',
    {
      // the map's detail, the device list's or a fence's location page; the service answers 'No device location permission'
      config: {
        access: {
          permission: [
            'herald.device.map.query',
            'herald.device.physical.list.query',
            'herald.device.physical.list.location.query',
            'herald.geo.fence.query',
          ],
        },
      },
      schema: {
        tags,
        summary: "A device's position, its track (the last 24 hours unless asked, at most 7 days) and its fences",
        params: idParamSchema,
        querystring: deviceLocationQuery,
        response: { 200: envelope(deviceLocationSchema) },
      },
    },
    async (req) => ok(await locations.deviceLocation(deps, req.auth, req.params.id, req.query)),
  );
  app.get(
    '/v1/device-map/cells',
    {
      config: { access: { side: 'op', permission: 'herald.op.cell.query' } },
      schema: { tags, summary: 'How many cells the cell table knows', response: { 200: envelope(cellStatsSchema) } },
    },
    async () => ok(await locations.cellStats(deps)),
  );
  app.post(
    '/v1/device-map/cells',
    {
      config: { access: { side: 'op', permission: 'herald.op.cell.import' } },
      schema: {
        tags,
        summary: 'Add or replace cells of the cell table (at most 5,000 a call)',
        body: cellImportBody,
        response: { 200: envelope(cellImportResultSchema) },
      },
    },
    async (req) => ok(await locations.importCells(deps, req.auth, req.body)),
  );
};

export default locationRoutes;
