import { z } from 'zod';
import {
  createResourcePackageBody,
  packageOptionQuery,
  packageOptionSchema,
  resourcePackageListItemSchema,
  resourcePackageListQuery,
  resourcePackageSchema,
} from '../schemas/packages';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['resource-packages'];
const perm = (action: string) => ({ permission: `herald.res.respack.${action}` }) as const;

export const resourcePackagesApi = {
  list: route({
    method: 'GET',
    path: '/v1/resource-packages',
    query: resourcePackageListQuery,
    response: pageOf(resourcePackageListItemSchema),
    access: perm('query'),
    summary: "List resource and language packages (an account sees the platform's and its own)",
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/resource-packages/:id',
    params: idParamSchema,
    response: resourcePackageSchema,
    access: perm('query'),
    summary: 'Resource package detail (files, clips, missing clips)',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/resource-packages',
    body: createResourcePackageBody,
    response: resourcePackageSchema,
    access: perm('add'),
    summary: 'Add a resource or language package',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/resource-packages/:id',
    params: idParamSchema,
    response: z.null(),
    access: perm('delete'),
    summary: 'Delete a resource package no task uses',
    tags,
  }),
  commonResourceListQuery: route({
    method: 'GET',
    path: '/v1/common/resourceListQuery',
    query: packageOptionQuery,
    response: z.array(packageOptionSchema),
    access: {
      permission: [
        'herald.res.respack.query',
        'herald.ota.task.add',
        'herald.ota.task.edit',
        'herald.push.task.add',
        'herald.push.task.edit',
      ],
    },
    summary: 'Resource package options for upgrade and push task forms',
    tags,
  }),
};
