import { z } from 'zod';
import {
  createFenceBody,
  fenceDetailSchema,
  fenceDeviceOptionSchema,
  fenceDeviceOptionsQuery,
  fenceEventQuery,
  fenceEventSchema,
  fenceListQuery,
  fenceSchema,
  fenceStatusBody,
  updateFenceBody,
} from '../schemas/geo-fences';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['geo-fences'];
/** Fences are an account's (screen /geo-fence/list). */
const ac = (action: string) => ({ side: 'ac', permission: `herald.geo.fence.${action}` }) as const;
/** Reading them: the account's users, and operators (every account's, read only). */
const read = { permission: { ac: 'herald.geo.fence.query', op: 'herald.op.geo.fence.query' } } as const;

export const geoFencesApi = {
  list: route({
    method: 'GET',
    path: '/v1/geo-fences',
    query: fenceListQuery,
    response: pageOf(fenceSchema),
    access: read,
    summary: 'List geofences',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/geo-fences',
    body: createFenceBody,
    response: fenceDetailSchema,
    access: ac('add'),
    summary: 'Create a geofence',
    tags,
  }),
  events: route({
    method: 'GET',
    path: '/v1/geo-fences/events',
    query: fenceEventQuery,
    response: pageOf(fenceEventSchema),
    access: read,
    summary: 'Entries and exits of the last 7 days',
    tags,
  }),
  deviceOptions: route({
    method: 'GET',
    path: '/v1/geo-fences/device-options',
    query: fenceDeviceOptionsQuery,
    response: z.array(fenceDeviceOptionSchema),
    access: { side: 'ac', permission: ['herald.geo.fence.add', 'herald.geo.fence.edit'] },
    summary: "The account's devices to choose for a fence, by S/N or name (at most 20)",
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/geo-fences/:id',
    params: idParamSchema,
    response: fenceDetailSchema,
    access: read,
    summary: 'A geofence and its devices',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/geo-fences/:id',
    params: idParamSchema,
    body: updateFenceBody,
    response: fenceDetailSchema,
    access: ac('edit'),
    summary: 'Edit a geofence (deviceIds replaces its devices)',
    tags,
  }),
  status: route({
    method: 'POST',
    path: '/v1/geo-fences/:id/status',
    params: idParamSchema,
    body: fenceStatusBody,
    response: fenceSchema,
    access: ac('status'),
    summary: 'Enable or disable a geofence (a disabled one sends no alarm messages)',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/geo-fences/:id',
    params: idParamSchema,
    response: z.null(),
    access: ac('delete'),
    summary: 'Delete a geofence',
    tags,
  }),
};
