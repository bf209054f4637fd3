import { z } from 'zod';
import {
  envelope,
  idParamSchema,
  pageOf,
  permissionTreeNode,
  roleBody,
  roleListQuery,
  roleOptionSchema,
  roleSchema,
  updateRoleBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as roles from './service';

const tags = ['roles'];

const roleAccess = (action: string) =>
  ({ access: { permission: { op: `herald.admin.op.role.${action}`, ac: `herald.admin.ac.role.${action}` } } }) as const;

/** Any of these actions, on either side (a user only ever holds codes of their own side). */
const anyOf = (menu: 'user' | 'role', actions: string[]) => ({
  access: { permission: actions.flatMap((a) => [`herald.admin.op.${menu}.${a}`, `herald.admin.ac.${menu}.${a}`]) },
});

const roleRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/roles',
    {
      config: roleAccess('query'),
      schema: {
        tags,
        summary: "List the roles of the caller's side or account",
        querystring: roleListQuery,
        response: { 200: envelope(pageOf(roleSchema)) },
      },
    },
    async (req) => ok(await roles.listRoles(deps, req.auth, req.query)),
  );

  app.get(
    '/v1/roles/options',
    {
      config: anyOf('user', ['query', 'add', 'edit', 'assignRole']),
      schema: {
        tags,
        summary: 'Roles to pick in the user form',
        response: { 200: envelope(z.array(roleOptionSchema)) },
      },
    },
    async (req) => ok(await roles.roleOptions(deps, req.auth)),
  );

  app.get(
    '/v1/roles/permission-tree',
    {
      config: anyOf('role', ['query', 'add', 'edit']),
      schema: {
        tags,
        summary: 'Menus and buttons the caller may grant',
        response: { 200: envelope(z.array(permissionTreeNode)) },
      },
    },
    async (req) => ok(await roles.permissionTree(deps, req.auth)),
  );

  app.post(
    '/v1/roles',
    {
      config: roleAccess('add'),
      schema: { tags, summary: 'Add a role', body: roleBody, response: { 200: envelope(roleSchema) } },
    },
    async (req) => ok(await roles.createRole(deps, req.auth, req.body)),
  );

  app.get(
    '/v1/roles/:id',
    {
      config: roleAccess('query'),
      schema: { tags, summary: 'Role detail', params: idParamSchema, response: { 200: envelope(roleSchema) } },
    },
    async (req) => ok(await roles.getRole(deps, req.auth, req.params.id)),
  );

  app.put(
    '/v1/roles/:id',
    {
      config: roleAccess('edit'),
      schema: {
        tags,
        summary: 'Edit a role',
        params: idParamSchema,
        body: updateRoleBody,
        response: { 200: envelope(roleSchema) },
      },
    },
    async (req) => ok(await roles.updateRole(deps, req.auth, req.params.id, req.body)),
  );

  app.delete(
    '/v1/roles/:id',
    {
      config: roleAccess('delete'),
      schema: {
        tags,
        summary: 'Delete a role that no user holds',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await roles.deleteRole(deps, req.auth, req.params.id);
      return ok(null);
    },
  );
};

export default roleRoutes;
