import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { dateRangeCheck, dateTimeFilter } from '../validation';
import { queryFlag, queryId, sortParams } from './fleet-fields';

/**
 * Device positions, the device map and a device's track: the geolocation value-added service
 * (spec: "Geofencing with device positioning by base station (value-added; needs activation through
 * a sales consultant)"; "Location syncs after 15 seconds; the device track covers the last 7 days").
 *
 * - A device reports where it is in its telemetry: a GNSS fix, or the cells it hears (positioned
 *   by the platform's cell table, the weighted centre of the known cells).
 * - The platform turns the service on per account (POST /v1/accounts/:id/geo-service). Only then
 *   does the account's fleet get a track, fences and a map; without it the map and location calls
 *   answer 'Not enabled yet, contact platform (value-added service)'.
 * - A track is a list of stays: a device that moved less than TRACK_MIN_MOVE_M (or less than the
 *   fix's own accuracy) since its last point stays on that point, whose `lastAt` moves on.
 */
export const TRACK_RETENTION_DAYS = 7;
/** The location screens ask again this often (the spec's "location syncs after 15 seconds"). */
export const LOCATION_REFRESH_MS = 15_000;
export const TRACK_MIN_MOVE_M = 30;
/** The markers one map call answers at most (the list beside it pages through all). */
export const MAP_MARKERS_MAX = 2_000;
/** Track points one detail call answers at most (the newest). */
export const TRACK_POINTS_MAX = 2_000;
export const LOCATION_SOURCES = ['gnss', 'cell'] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number];

export const positionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  /** metres; null when the device did not say */
  accuracy: z.number().nullable(),
  source: z.enum(LOCATION_SOURCES),
  locatedAt: z.string(),
});
export type Position = z.infer<typeof positionSchema>;

const mapFilters = {
  /** operators may narrow to one account; account users get their own */
  accountId: queryId,
  /** S/N or name, contains */
  keyword: z.string().trim().max(64, 'validation.maxLength').optional(),
  online: queryFlag,
  /** only devices with (true) or without (false) a position */
  located: queryFlag,
  modelId: queryId,
  groupId: queryId,
};

/** GET /v1/device-map/pageQueryMapDevice: the list beside the map. */
export const mapDeviceQuery = pageQuerySchema.extend({ ...mapFilters, ...sortParams(['sn', 'locatedAt']) });
export type MapDeviceQuery = z.infer<typeof mapDeviceQuery>;

export const mapDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string().nullable(),
  accountId: z.number().int(),
  accountName: z.string().nullable(),
  modelName: z.string().nullable(),
  online: z.boolean(),
  position: positionSchema.nullable(),
});
export type MapDevice = z.infer<typeof mapDeviceSchema>;

/** GET /v1/device-map/listQueryDeviceLocation: every located device matching, as map markers. */
export const mapMarkerQuery = z.object(mapFilters).omit({ located: true });
export type MapMarkerQuery = z.infer<typeof mapMarkerQuery>;

export const mapMarkerSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string().nullable(),
  online: z.boolean(),
  lat: z.number(),
  lng: z.number(),
});
export type MapMarker = z.infer<typeof mapMarkerSchema>;

export const mapMarkersSchema = z.object({
  list: z.array(mapMarkerSchema),
  /** located devices matching; more than the list when it stopped at MAP_MARKERS_MAX */
  total: z.number().int(),
});
export type MapMarkers = z.infer<typeof mapMarkersSchema>;

/** GET /v1/device-map/deviceLocationMapDetail/{id}: the track between from and to (the last 24 hours unless said). */
export const deviceLocationQuery = z
  .object({ from: dateTimeFilter, to: dateTimeFilter })
  .superRefine(dateRangeCheck('from', 'to'));
export type DeviceLocationQuery = z.infer<typeof deviceLocationQuery>;

export const trackPointSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  source: z.enum(LOCATION_SOURCES),
  /** the device was here from firstAt (its first report here) to lastAt (its last) */
  firstAt: z.string(),
  lastAt: z.string(),
});
export type TrackPoint = z.infer<typeof trackPointSchema>;

export const deviceFenceStateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius: z.number(),
  enabled: z.boolean(),
  /** null until the device's first position after it joined the fence */
  inside: z.boolean().nullable(),
});

export const deviceLocationSchema = z.object({
  device: mapDeviceSchema.extend({ lastSeenAt: z.string().nullable() }),
  /** null: 'Terminal location not uploaded' */
  position: positionSchema.nullable(),
  /** oldest first, at most TRACK_POINTS_MAX (the newest) */
  track: z.array(trackPointSchema),
  fences: z.array(deviceFenceStateSchema),
});
export type DeviceLocation = z.infer<typeof deviceLocationSchema>;

/** Great-circle distance in metres (haversine; the Earth as a sphere of mean radius). */
export function distanceM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * GET /v1/device-map/mapConfig: how the console draws its maps. Without a tile address (MAP_TILE_URL,
 * e.g. the provider's own tile server) the maps draw the countries' outlines shipped with the
 * console, which need no network.
 */
export const mapConfigSchema = z.object({
  /** a Leaflet tile URL template ({z}/{x}/{y}), or null for the outline map */
  tileUrl: z.string().nullable(),
  attribution: z.string().nullable(),
  /** the account's geolocation service is on (operators: true) */
  geoEnabled: z.boolean(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

/**
 * The cell table (operators): where known cells are and how far they reach, e.g. from a public
 * cell database's export (OpenCellID's CSV columns mcc, net, area, cell, lon, lat, range), sent a
 * slice at a time. A cell sent again replaces the stored one.
 */
export const CELLS_PER_IMPORT = 5_000;
const cellField = (max: number) =>
  z
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(0, 'validation.format')
    .max(max, 'validation.format');
export const cellRowSchema = z.object({
  mcc: cellField(999),
  mnc: cellField(999),
  lac: cellField(0xffffff),
  cid: cellField(2 ** 40),
  lat: z.number({ error: 'validation.number' }).min(-90, 'validation.format').max(90, 'validation.format'),
  lng: z.number({ error: 'validation.number' }).min(-180, 'validation.format').max(180, 'validation.format'),
  /** metres */
  range: z
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(1, 'validation.format')
    .max(100_000, 'validation.format'),
});
export type CellRow = z.infer<typeof cellRowSchema>;

/** POST /v1/device-map/cells */
export const cellImportBody = z.object({
  cells: z
    .array(cellRowSchema, { error: 'validation.format' })
    .min(1, 'validation.selectOne')
    .max(CELLS_PER_IMPORT, 'validation.maxLength'),
});
export type CellImportBody = z.infer<typeof cellImportBody>;

/** The answer of an import: the cells added or replaced (the table's count is GET's: counting a large table is slow). */
export const cellImportResultSchema = z.object({ imported: z.number().int() });
export type CellImportResult = z.infer<typeof cellImportResultSchema>;

/** GET /v1/device-map/cells */
export const cellStatsSchema = z.object({
  count: z.number().int(),
  /** the latest import */
  updatedAt: z.string().nullable(),
});
export type CellStats = z.infer<typeof cellStatsSchema>;
