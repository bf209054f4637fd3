import { z } from 'zod';
import { businessListQuery, businessSchema, createBusinessBody, updateBusinessBody } from '../schemas/businesses';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['businesses'];
/** Businesses belong to accounts: account side only. */
const ac = (action: string) => ({ side: 'ac', permission: `herald.dev.business.${action}` }) as const;

export const businessesApi = {
  list: route({
    method: 'GET',
    path: '/v1/businesses',
    query: businessListQuery,
    response: pageOf(businessSchema),
    access: ac('query'),
    summary: 'List businesses',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/businesses',
    body: createBusinessBody,
    response: businessSchema,
    access: ac('add'),
    summary: 'Create a business',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/businesses/:id',
    params: idParamSchema,
    response: businessSchema,
    access: ac('query'),
    summary: 'Business detail',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/businesses/:id',
    params: idParamSchema,
    body: updateBusinessBody,
    response: businessSchema,
    access: ac('edit'),
    summary: 'Edit a business',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/businesses/:id',
    params: idParamSchema,
    response: z.null(),
    access: ac('delete'),
    summary: 'Delete a business',
    tags,
  }),
};
