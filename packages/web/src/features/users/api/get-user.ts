import type { User } from '@herald/contract';
import { get } from '../../../lib/http';

export const getUser = (id: number) => get<User>(`/v1/users/${id}`);

export const userQuery = (id: number) => ({
  queryKey: ['users', id] as const,
  queryFn: () => getUser(id),
  enabled: id > 0,
});
