import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** The account super administrator hands the role over; the old admin user is deleted. */
export const changeAdmin = (userId: number) => call(usersApi.changeAdmin, { body: { userId } });
