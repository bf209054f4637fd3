import type { updateUserBody, User } from '@herald/contract';
import { put } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export type UpdateUserBody = Infer<typeof updateUserBody>;

export const updateUser = (id: number, body: UpdateUserBody) => put<User>(`/v1/users/${id}`, body);
