import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const assignRoles = (id: number, roleIds: number[]) =>
  call(usersApi.assignRoles, { params: { id }, body: { roleIds } });
