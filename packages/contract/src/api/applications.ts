import { z } from 'zod';
import {
  appCreatedSchema,
  appListQuery,
  appSchema,
  appSecretSchema,
  createAppBody,
  updateAppBody,
} from '../schemas/applications';
import { idParamSchema, pageOf } from '../envelope';
import { passwordConfirmBody } from '../schemas/fleet-fields';
import { route } from './route';

const tags = ['applications'];
/** Reading: both sides (operators see every account's); changing: the owning account only. */
const read = { permission: 'herald.app.query' } as const;
const ac = (action: string) => ({ side: 'ac', permission: `herald.app.${action}` }) as const;

export const applicationsApi = {
  list: route({
    method: 'GET',
    path: '/v1/applications',
    query: appListQuery,
    response: pageOf(appSchema),
    access: read,
    summary: 'List applications',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/applications',
    body: createAppBody,
    response: appCreatedSchema,
    access: ac('add'),
    summary: 'Create an application; the answer carries the secret and sign key',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/applications/:id',
    params: idParamSchema,
    response: appSchema,
    access: read,
    summary: 'Application detail (no secret)',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/applications/:id',
    params: idParamSchema,
    body: updateAppBody,
    response: appSchema,
    access: ac('edit'),
    summary: 'Edit an application',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/applications/:id',
    params: idParamSchema,
    response: z.null(),
    access: ac('delete'),
    summary: 'Delete an application no device uses',
    tags,
  }),
  secret: route({
    method: 'POST',
    path: '/v1/applications/:id/secret',
    params: idParamSchema,
    body: passwordConfirmBody,
    response: appSecretSchema,
    access: ac('edit'),
    summary: 'Show the credentials again after re-entering the login password',
    tags,
  }),
};
