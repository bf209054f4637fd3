import { post } from '../../../lib/http';

/** The account super administrator hands the role over; the old admin user is deleted. */
export const changeAdmin = (userId: number) => post<unknown>('/v1/users/change-admin', { userId });
