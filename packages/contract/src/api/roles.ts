import { z } from 'zod';
import {
  permissionTreeNode,
  roleBody,
  roleListQuery,
  roleOptionSchema,
  roleSchema,
  updateRoleBody,
} from '../schemas/roles';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['roles'];
const roleAccess = (action: string) =>
  ({ permission: { op: `herald.admin.op.role.${action}`, ac: `herald.admin.ac.role.${action}` } }) as const;
/** Any of these actions, on either side (a user only ever holds codes of their own side). */
const anyOf = (menu: 'user' | 'role', actions: string[]) => ({
  permission: actions.flatMap((a) => [`herald.admin.op.${menu}.${a}`, `herald.admin.ac.${menu}.${a}`]),
});

export const rolesApi = {
  list: route({
    method: 'GET',
    path: '/v1/roles',
    query: roleListQuery,
    response: pageOf(roleSchema),
    access: roleAccess('query'),
    summary: "List the roles of the caller's side or account",
    tags,
  }),
  options: route({
    method: 'GET',
    path: '/v1/roles/options',
    response: z.array(roleOptionSchema),
    access: anyOf('user', ['query', 'add', 'edit', 'assignRole']),
    summary: 'Roles to pick in the user form',
    tags,
  }),
  permissionTree: route({
    method: 'GET',
    path: '/v1/roles/permission-tree',
    response: z.array(permissionTreeNode),
    access: anyOf('role', ['query', 'add', 'edit']),
    summary: 'Menus and buttons the caller may grant',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/roles',
    body: roleBody,
    response: roleSchema,
    access: roleAccess('add'),
    summary: 'Add a role',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/roles/:id',
    params: idParamSchema,
    response: roleSchema,
    access: roleAccess('query'),
    summary: 'Role detail',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/roles/:id',
    params: idParamSchema,
    body: updateRoleBody,
    response: roleSchema,
    access: roleAccess('edit'),
    summary: 'Edit a role',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/roles/:id',
    params: idParamSchema,
    response: z.null(),
    access: roleAccess('delete'),
    summary: 'Delete a role that no user holds',
    tags,
  }),
};
