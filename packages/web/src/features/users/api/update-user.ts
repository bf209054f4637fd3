import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { updateUserBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type UpdateUserBody = Infer<typeof updateUserBody>;

export const updateUser = (id: number, body: UpdateUserBody) => call(usersApi.update, { params: { id }, body });
