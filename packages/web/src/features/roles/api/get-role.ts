import type { Role } from '@herald/contract';
import { get } from '../../../lib/http';

export const getRole = (id: number) => get<Role>(`/v1/roles/${id}`);

export const roleQuery = (id: number) => ({
  queryKey: ['roles', id] as const,
  queryFn: () => getRole(id),
  enabled: id > 0,
});
