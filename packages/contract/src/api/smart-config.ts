import {
  createSmartConfigBody,
  delistSmartConfigBody,
  smartConfigListQuery,
  smartConfigVersionSchema,
  updateSmartConfigBody,
} from '../schemas/smart-config';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['smart-config'];
/** SmartConfig releases are the platform's: operators only. */
const op = (action: string) => ({ side: 'op', permission: `herald.res.scapp.${action}` }) as const;

export const smartConfigApi = {
  list: route({
    method: 'GET',
    path: '/v1/smart-config',
    query: smartConfigListQuery,
    response: pageOf(smartConfigVersionSchema),
    access: op('query'),
    summary: 'List SmartConfig versions',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/smart-config/:id',
    params: idParamSchema,
    response: smartConfigVersionSchema,
    access: op('query'),
    summary: 'SmartConfig version detail',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/smart-config',
    body: createSmartConfigBody,
    response: smartConfigVersionSchema,
    access: op('add'),
    summary: 'Add a SmartConfig version',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/smart-config/:id',
    params: idParamSchema,
    body: updateSmartConfigBody,
    response: smartConfigVersionSchema,
    access: op('edit'),
    summary: 'Edit update type and notes',
    tags,
  }),
  delist: route({
    method: 'POST',
    path: '/v1/smart-config/:id/delist',
    params: idParamSchema,
    body: delistSmartConfigBody,
    response: smartConfigVersionSchema,
    access: op('list'),
    summary: 'Delist a version (with a reason)',
    tags,
  }),
  listPost: route({
    method: 'POST',
    path: '/v1/smart-config/:id/list',
    params: idParamSchema,
    response: smartConfigVersionSchema,
    access: op('list'),
    summary: 'List a delisted version again (only while no newer one is listed)',
    tags,
  }),
};
