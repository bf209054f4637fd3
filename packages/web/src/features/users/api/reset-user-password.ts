import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** The new password (or a reset link) is mailed to the user. */
export const resetUserPassword = (id: number) => call(usersApi.resetPassword, { params: { id } });
