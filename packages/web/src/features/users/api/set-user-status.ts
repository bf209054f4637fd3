import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** 1 disables, 2 enables (user status values of spec section 3). */
export const setUserStatus = (id: number, status: 1 | 2) => call(usersApi.status, { params: { id }, body: { status } });
