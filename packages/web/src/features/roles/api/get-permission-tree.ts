import type { PermissionTreeNode } from '@herald/contract';
import { get } from '../../../lib/http';

/** Menus with their buttons, limited to what the caller may grant. */
export const getPermissionTree = () => get<PermissionTreeNode[]>('/v1/roles/permission-tree');

export const permissionTreeQuery = () => ({
  queryKey: ['roles', 'permission-tree'] as const,
  queryFn: getPermissionTree,
});
