import { rolesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getRole = (id: number) => call(rolesApi.get, { params: { id } });

export const roleQuery = (id: number) => ({
  queryKey: ['roles', id] as const,
  queryFn: () => getRole(id),
  enabled: id > 0,
});
