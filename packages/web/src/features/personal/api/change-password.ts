import type { changePasswordBody } from '@herald/contract';
import { post } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export type ChangePasswordBody = Infer<typeof changePasswordBody>;

export const changePassword = (body: ChangePasswordBody) => post<unknown>('/users/current/password', body);
