import { z } from 'zod';
import {
  createModelBody,
  deviceTypeSchema,
  modelListQuery,
  modelSchema,
  modelStatusBody,
  updateModelBody,
} from '../schemas/models';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['models'];
/** Models are managed by operators; account users see enabled ones through /v1/common/modelListQuery. */
const op = (action: string) => ({ side: 'op', permission: `herald.device.model.${action}` }) as const;

export const modelsApi = {
  list: route({
    method: 'GET',
    path: '/v1/models',
    query: modelListQuery,
    response: pageOf(modelSchema),
    access: op('query'),
    summary: 'List models',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/models',
    body: createModelBody,
    response: modelSchema,
    access: op('add'),
    summary: 'Add a model (image: PNG or JPG data URL, at most 100 KB)',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/models/:id',
    params: idParamSchema,
    response: modelSchema,
    access: op('query'),
    summary: 'Model detail',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/models/:id',
    params: idParamSchema,
    body: updateModelBody,
    response: modelSchema,
    access: op('edit'),
    summary: 'Edit a model',
    tags,
  }),
  status: route({
    method: 'POST',
    path: '/v1/models/:id/status',
    params: idParamSchema,
    body: modelStatusBody,
    response: modelSchema,
    access: op('status'),
    summary: 'Enable (1) or disable (0) a model; a disabled model blocks new devices of it',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/models/:id',
    params: idParamSchema,
    response: z.null(),
    access: op('delete'),
    summary: 'Delete a model no device uses',
    tags,
  }),
  /**
   * The image bytes, public: product photos are not secret, and an <img> cannot send a bearer
   * token. The URL in a model carries `?v=<updatedAt>`, so that URL is cached for good and a new
   * image gets a new URL.
   */
  image: route({
    method: 'GET',
    path: '/v1/models/:id/image',
    params: idParamSchema,
    query: z.object({ v: z.string().max(20).optional() }),
    response: 'file',
    access: { public: true },
    summary: 'Model image (public; cacheable when versioned)',
    tags,
  }),
  deviceTypes: route({
    method: 'GET',
    path: '/v1/device-types',
    response: z.array(deviceTypeSchema),
    access: {},
    summary: 'Device types (for the model form)',
    tags,
  }),
};
