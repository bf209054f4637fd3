import { get } from '../../../lib/http';

export type RoleOption = { id: number; name: string };

export const listRoleOptions = () => get<RoleOption[]>('/v1/roles/options');

export const roleOptionsQuery = () => ({
  queryKey: ['roles', 'options'] as const,
  queryFn: listRoleOptions,
  staleTime: 0,
});
