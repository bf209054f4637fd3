import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const sendActivation = (id: number) => call(usersApi.sendActivation, { params: { id } });
