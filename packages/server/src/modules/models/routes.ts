import { z } from 'zod';
import {
  createModelBody,
  deviceTypeSchema,
  envelope,
  idParamSchema,
  modelListQuery,
  modelSchema,
  modelStatusBody,
  pageOf,
  updateModelBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import { IMMUTABLE, sendImage } from '../../lib/image';
import type { RoutesPlugin } from '../../lib/deps';
import * as models from './service';

const tags = ['models'];
/** Models are managed by operators; account users see enabled ones through /v1/common/modelListQuery. */
const op = (action: string) => ({ access: { side: 'op', permission: `herald.device.model.${action}` } }) as const;

const modelRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/models',
    {
      config: op('query'),
      schema: {
        tags,
        summary: 'List models',
        querystring: modelListQuery,
        response: { 200: envelope(pageOf(modelSchema)) },
      },
    },
    async (req) => ok(await models.listModels(deps, req.query, req.locale)),
  );
  app.post(
    '/v1/models',
    {
      config: op('add'),
      schema: {
        tags,
        summary: 'Add a model (image: PNG or JPG data URL, at most 100 KB)',
        body: createModelBody,
        response: { 200: envelope(modelSchema) },
      },
    },
    async (req) => ok(await models.createModel(deps, req.auth, req.body)),
  );
  app.get(
    '/v1/models/:id',
    {
      config: op('query'),
      schema: { tags, summary: 'Model detail', params: idParamSchema, response: { 200: envelope(modelSchema) } },
    },
    async (req) => ok(await models.getModel(deps, req.params.id, req.locale)),
  );
  app.put(
    '/v1/models/:id',
    {
      config: op('edit'),
      schema: {
        tags,
        summary: 'Edit a model',
        params: idParamSchema,
        body: updateModelBody,
        response: { 200: envelope(modelSchema) },
      },
    },
    async (req) => ok(await models.updateModel(deps, req.auth, req.params.id, req.body)),
  );
  app.post(
    '/v1/models/:id/status',
    {
      config: op('status'),
      schema: {
        tags,
        summary: 'Enable (1) or disable (0) a model; a disabled model blocks new devices of it',
        params: idParamSchema,
        body: modelStatusBody,
        response: { 200: envelope(modelSchema) },
      },
    },
    async (req) => ok(await models.setModelStatus(deps, req.auth, req.params.id, req.body.status)),
  );
  app.delete(
    '/v1/models/:id',
    {
      config: op('delete'),
      schema: {
        tags,
        summary: 'Delete a model no device uses',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await models.deleteModel(deps, req.auth, req.params.id).then(() => null)),
  );

  /**
   * The image bytes, public: product photos are not secret, and an <img> cannot send a bearer
   * token. The URL in a model carries `?v=<updatedAt>`, so that URL is cached for good and a new
   * image gets a new URL.
   */
  app.get(
    '/v1/models/:id/image',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Model image (public; cacheable when versioned)',
        params: idParamSchema,
        querystring: z.object({ v: z.string().max(20).optional() }),
      },
    },
    async (req, reply) => {
      const img = await models.getModelImage(deps, req.params.id);
      const version = String(img.updatedAt.getTime());
      reply.header('etag', `"m${req.params.id}-${version}"`);
      return sendImage(reply, img.imageMime, img.image, req.query.v === version ? IMMUTABLE : 'no-cache');
    },
  );

  app.get(
    '/v1/device-types',
    {
      config: { access: {} },
      schema: {
        tags,
        summary: 'Device types (for the model form)',
        response: { 200: envelope(z.array(deviceTypeSchema)) },
      },
    },
    async (req) => ok(await models.listDeviceTypes(deps, req.locale)),
  );
};

export default modelRoutes;
