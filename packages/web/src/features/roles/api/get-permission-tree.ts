import { rolesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Menus with their buttons, limited to what the caller may grant. */
export const getPermissionTree = () => call(rolesApi.permissionTree);

export const permissionTreeQuery = () => ({
  queryKey: ['roles', 'permission-tree'] as const,
  queryFn: getPermissionTree,
});
