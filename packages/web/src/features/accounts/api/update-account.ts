import { accountsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { updateAccountBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type UpdateAccountBody = Infer<typeof updateAccountBody>;

export const updateAccount = (id: number, body: UpdateAccountBody) =>
  call(accountsApi.update, { params: { id }, body });
