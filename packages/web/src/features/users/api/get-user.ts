import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getUser = (id: number) => call(usersApi.get, { params: { id } });

export const userQuery = (id: number) => ({
  queryKey: ['users', id] as const,
  queryFn: () => getUser(id),
  enabled: id > 0,
});
