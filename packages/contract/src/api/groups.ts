import { z } from 'zod';

import { createGroupBody, groupListQuery, groupSchema, updateGroupBody } from '../schemas/groups';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['groups'];
/** Device groups belong to accounts: account side only. */
const ac = (action: string) => ({ side: 'ac', permission: `herald.device.group.${action}` }) as const;

export const groupsApi = {
  list: route({
    method: 'GET',
    path: '/v1/groups',
    query: groupListQuery,
    response: pageOf(groupSchema),
    access: ac('query'),
    summary: 'List device groups',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/groups',
    body: createGroupBody,
    response: groupSchema,
    access: ac('add'),
    summary: 'Create a device group',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/groups/:id',
    params: idParamSchema,
    response: groupSchema,
    access: ac('query'),
    summary: 'Device group detail',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/groups/:id',
    params: idParamSchema,
    body: updateGroupBody,
    response: groupSchema,
    access: ac('edit'),
    summary: 'Edit a device group',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/groups/:id',
    params: idParamSchema,
    response: z.object({ movedDevices: z.number().int() }),
    access: ac('delete'),
    summary: 'Delete a device group (not the default one); its devices move to the default group',
    tags,
  }),
};
