import { post } from '../../../lib/http';

/** The new password (or a reset link) is mailed to the user. */
export const resetUserPassword = (id: number) => post<unknown>(`/v1/users/${id}/reset-password`);
