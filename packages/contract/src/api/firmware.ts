import { z } from 'zod';
import {
  createFirmwareBody,
  firmwareListItemSchema,
  firmwareListQuery,
  firmwareSchema,
  packageOptionQuery,
  packageOptionSchema,
} from '../schemas/packages';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['firmware'];
const perm = (action: string) => ({ permission: `herald.res.firmware.${action}` }) as const;

export const firmwareApi = {
  list: route({
    method: 'GET',
    path: '/v1/firmware',
    query: firmwareListQuery,
    response: pageOf(firmwareListItemSchema),
    access: perm('query'),
    summary: "List firmware packages (an account sees the platform's and its own)",
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/firmware/:id',
    params: idParamSchema,
    response: firmwareSchema,
    access: perm('query'),
    summary: 'Firmware package detail',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/firmware',
    body: createFirmwareBody,
    response: firmwareSchema,
    access: perm('add'),
    summary: 'Add a firmware package',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/firmware/:id',
    params: idParamSchema,
    response: z.null(),
    access: perm('delete'),
    summary: 'Delete a firmware package no task uses',
    tags,
  }),
  commonFirmwareListQuery: route({
    method: 'GET',
    path: '/v1/common/firmwareListQuery',
    query: packageOptionQuery,
    response: z.array(packageOptionSchema),
    access: { permission: ['herald.res.firmware.query', 'herald.ota.task.add', 'herald.ota.task.edit'] },
    summary: 'Firmware options for upgrade task forms',
    tags,
  }),
};
