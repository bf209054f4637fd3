import type { Account, updateAccountBody } from '@herald/contract';
import { put } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export type UpdateAccountBody = Infer<typeof updateAccountBody>;

export const updateAccount = (id: number, body: UpdateAccountBody) => put<Account>(`/v1/accounts/${id}`, body);
