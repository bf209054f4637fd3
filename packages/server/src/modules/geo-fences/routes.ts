import { z } from 'zod';
import {
  createFenceBody,
  envelope,
  fenceDetailSchema,
  fenceDeviceOptionSchema,
  fenceDeviceOptionsQuery,
  fenceEventQuery,
  fenceEventSchema,
  fenceListQuery,
  fenceSchema,
  fenceStatusBody,
  idParamSchema,
  pageOf,
  updateFenceBody,
} from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import * as fences from './service';

const tags = ['geo-fences'];
/** Fences are an account's (screen /geo-fence/list). */
const ac = (action: string) => ({ access: { side: 'ac', permission: `herald.geo.fence.${action}` } }) as const;
/** Reading them: the account's users, and operators (every account's, read only). */
const read = { access: { permission: { ac: 'herald.geo.fence.query', op: 'herald.op.geo.fence.query' } } } as const;

const fenceRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/geo-fences',
    {
      config: read,
      schema: {
        tags,
        summary: 'List geofences',
        querystring: fenceListQuery,
        response: { 200: envelope(pageOf(fenceSchema)) },
      },
    },
    async (req) => ok(await fences.listFences(deps, req.auth, req.query)),
  );
  app.post(
    '/v1/geo-fences',
    {
      config: ac('add'),
      schema: {
        tags,
        summary: 'Create a geofence',
        body: createFenceBody,
        response: { 200: envelope(fenceDetailSchema) },
      },
    },
    async (req) => ok(await fences.createFence(deps, req.auth, req.body)),
  );
  app.get(
    '/v1/geo-fences/events',
    {
      config: read,
      schema: {
        tags,
        summary: 'Entries and exits of the last 7 days',
        querystring: fenceEventQuery,
        response: { 200: envelope(pageOf(fenceEventSchema)) },
      },
    },
    async (req) => ok(await fences.listEvents(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/geo-fences/device-options',
    {
      config: { access: { side: 'ac', permission: ['herald.geo.fence.add', 'herald.geo.fence.edit'] } },
      schema: {
        tags,
        summary: "The account's devices to choose for a fence, by S/N or name (at most 20)",
        querystring: fenceDeviceOptionsQuery,
        response: { 200: envelope(z.array(fenceDeviceOptionSchema)) },
      },
    },
    async (req) => ok(await fences.deviceOptions(deps, req.auth, req.query.keyword)),
  );
  app.get(
    '/v1/geo-fences/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'A geofence and its devices',
        params: idParamSchema,
        response: { 200: envelope(fenceDetailSchema) },
      },
    },
    async (req) => ok(await fences.getFence(deps, req.auth, req.params.id)),
  );
  app.put(
    '/v1/geo-fences/:id',
    {
      config: ac('edit'),
      schema: {
        tags,
        summary: 'Edit a geofence (deviceIds replaces its devices)',
        params: idParamSchema,
        body: updateFenceBody,
        response: { 200: envelope(fenceDetailSchema) },
      },
    },
    async (req) => ok(await fences.updateFence(deps, req.auth, req.params.id, req.body)),
  );
  app.post(
    '/v1/geo-fences/:id/status',
    {
      config: ac('status'),
      schema: {
        tags,
        summary: 'Enable or disable a geofence (a disabled one sends no alarm messages)',
        params: idParamSchema,
        body: fenceStatusBody,
        response: { 200: envelope(fenceSchema) },
      },
    },
    async (req) => ok(await fences.setFenceStatus(deps, req.auth, req.params.id, req.body.enabled)),
  );
  app.delete(
    '/v1/geo-fences/:id',
    {
      config: ac('delete'),
      schema: { tags, summary: 'Delete a geofence', params: idParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (req) => ok(await fences.deleteFence(deps, req.auth, req.params.id).then(() => null)),
  );
};

export default fenceRoutes;
