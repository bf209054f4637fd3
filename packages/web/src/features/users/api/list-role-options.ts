import { rolesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export type RoleOption = { id: number; name: string };

export const listRoleOptions = () => call(rolesApi.options);

export const roleOptionsQuery = () => ({
  queryKey: ['roles', 'options'] as const,
  queryFn: listRoleOptions,
  staleTime: 0,
});
