import { z } from 'zod';
import {
  assignRolesBody,
  changeAdminBody,
  createUserBody,
  updateUserBody,
  userListQuery,
  userSchema,
  userStatusBody,
} from '../schemas/users';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['users'];
/** The same button permission on the caller's side: operators manage operator users, accounts their own. */
const userAccess = (action: string) =>
  ({ permission: { op: `herald.admin.op.user.${action}`, ac: `herald.admin.ac.user.${action}` } }) as const;

export const usersApi = {
  list: route({
    method: 'GET',
    path: '/v1/users',
    query: userListQuery,
    response: pageOf(userSchema),
    access: userAccess('query'),
    summary: "List the users of the caller's side or account",
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/users',
    body: createUserBody,
    response: userSchema,
    access: userAccess('add'),
    summary: 'Add a user (not enabled until activated through the mailed link)',
    tags,
  }),
  // before /:id so that "change-admin" is never taken for an id
  changeAdmin: route({
    method: 'POST',
    path: '/v1/users/change-admin',
    body: changeAdminBody,
    response: z.null(),
    access: { side: 'ac', permission: 'herald.admin.ac.user.changeAdmin' },
    summary: 'Hand the super administrator role to another user; the old administrator is deleted',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/users/:id',
    params: idParamSchema,
    response: userSchema,
    access: userAccess('query'),
    summary: 'User detail',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/users/:id',
    params: idParamSchema,
    body: updateUserBody,
    response: userSchema,
    access: userAccess('edit'),
    summary: 'Edit a user (roles need the assign-role permission)',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/users/:id',
    params: idParamSchema,
    response: z.null(),
    access: userAccess('delete'),
    summary: 'Delete a user',
    tags,
  }),
  status: route({
    method: 'POST',
    path: '/v1/users/:id/status',
    params: idParamSchema,
    body: userStatusBody,
    response: z.null(),
    access: userAccess('status'),
    summary: 'Enable (2) or disable (1) a user',
    tags,
  }),
  unlock: route({
    method: 'POST',
    path: '/v1/users/:id/unlock',
    params: idParamSchema,
    response: z.null(),
    access: userAccess('unlock'),
    summary: 'Unlock a user locked by wrong passwords',
    tags,
  }),
  resetPassword: route({
    method: 'POST',
    path: '/v1/users/:id/reset-password',
    params: idParamSchema,
    response: z.null(),
    access: userAccess('resetPwd'),
    summary: 'Mail the user a new password that must be changed at sign-in',
    tags,
  }),
  sendActivation: route({
    method: 'POST',
    path: '/v1/users/:id/send-activation',
    params: idParamSchema,
    response: z.null(),
    access: userAccess('sendActivation'),
    summary: 'Mail the activation link again',
    tags,
  }),
  assignRoles: route({
    method: 'PUT',
    path: '/v1/users/:id/roles',
    params: idParamSchema,
    body: assignRolesBody,
    response: userSchema,
    access: userAccess('assignRole'),
    summary: "Replace a user's roles",
    tags,
  }),
};
