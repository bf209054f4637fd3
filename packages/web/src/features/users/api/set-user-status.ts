import { post } from '../../../lib/http';

/** 1 disables, 2 enables (user status values of spec section 3). */
export const setUserStatus = (id: number, status: 1 | 2) => post<unknown>(`/v1/users/${id}/status`, { status });
