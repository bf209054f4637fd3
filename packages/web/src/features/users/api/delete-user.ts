import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const deleteUser = (id: number) => call(usersApi.remove, { params: { id } });
