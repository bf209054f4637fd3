import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const unlockUser = (id: number) => call(usersApi.unlock, { params: { id } });
