import { z } from 'zod';
import {
  assignRolesBody,
  changeAdminBody,
  createUserBody,
  envelope,
  idParamSchema,
  pageOf,
  updateUserBody,
  userListQuery,
  userSchema,
  userStatusBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as users from './service';

const tags = ['users'];

/** The same button permission on the caller's side: operators manage operator users, accounts their own. */
const userAccess = (action: string) =>
  ({ access: { permission: { op: `herald.admin.op.user.${action}`, ac: `herald.admin.ac.user.${action}` } } }) as const;

const userRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/users',
    {
      config: userAccess('query'),
      schema: {
        tags,
        summary: "List the users of the caller's side or account",
        querystring: userListQuery,
        response: { 200: envelope(pageOf(userSchema)) },
      },
    },
    async (req) => ok(await users.listUsers(deps, req.auth, req.query)),
  );

  app.post(
    '/v1/users',
    {
      config: userAccess('add'),
      schema: {
        tags,
        summary: 'Add a user (not enabled until activated through the mailed link)',
        body: createUserBody,
        response: { 200: envelope(userSchema) },
      },
    },
    async (req) => ok(await users.createUser(deps, req.auth, req.body)),
  );

  // before /:id so that "change-admin" is never taken for an id
  app.post(
    '/v1/users/change-admin',
    {
      config: { access: { side: 'ac', permission: 'herald.admin.ac.user.changeAdmin' } },
      schema: {
        tags,
        summary: 'Hand the super administrator role to another user; the old administrator is deleted',
        body: changeAdminBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await users.changeAdmin(deps, req.auth, req.body.userId);
      return ok(null);
    },
  );

  app.get(
    '/v1/users/:id',
    {
      config: userAccess('query'),
      schema: { tags, summary: 'User detail', params: idParamSchema, response: { 200: envelope(userSchema) } },
    },
    async (req) => ok(await users.getUser(deps, req.auth, req.params.id)),
  );

  app.put(
    '/v1/users/:id',
    {
      config: userAccess('edit'),
      schema: {
        tags,
        summary: 'Edit a user (roles need the assign-role permission)',
        params: idParamSchema,
        body: updateUserBody,
        response: { 200: envelope(userSchema) },
      },
    },
    async (req) => ok(await users.updateUser(deps, req.auth, req.params.id, req.body)),
  );

  app.delete(
    '/v1/users/:id',
    {
      config: userAccess('delete'),
      schema: { tags, summary: 'Delete a user', params: idParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await users.deleteUser(deps, req.auth, req.params.id);
      return ok(null);
    },
  );

  app.post(
    '/v1/users/:id/status',
    {
      config: userAccess('status'),
      schema: {
        tags,
        summary: 'Enable (2) or disable (1) a user',
        params: idParamSchema,
        body: userStatusBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await users.setUserStatus(deps, req.auth, req.params.id, req.body.status);
      return ok(null);
    },
  );

  app.post(
    '/v1/users/:id/unlock',
    {
      config: userAccess('unlock'),
      schema: {
        tags,
        summary: 'Unlock a user locked by wrong passwords',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await users.unlockUser(deps, req.auth, req.params.id);
      return ok(null);
    },
  );

  app.post(
    '/v1/users/:id/reset-password',
    {
      config: userAccess('resetPwd'),
      schema: {
        tags,
        summary: 'Mail the user a new password that must be changed at sign-in',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await users.resetPassword(deps, req.auth, req.params.id);
      return ok(null);
    },
  );

  app.post(
    '/v1/users/:id/send-activation',
    {
      config: userAccess('sendActivation'),
      schema: {
        tags,
        summary: 'Mail the activation link again',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await users.sendActivation(deps, req.auth, req.params.id);
      return ok(null);
    },
  );

  app.put(
    '/v1/users/:id/roles',
    {
      config: userAccess('assignRole'),
      schema: {
        tags,
        summary: "Replace a user's roles",
        params: idParamSchema,
        body: assignRolesBody,
        response: { 200: envelope(userSchema) },
      },
    },
    async (req) => ok(await users.assignRoles(deps, req.auth, req.params.id, req.body.roleIds)),
  );
};

export default userRoutes;
