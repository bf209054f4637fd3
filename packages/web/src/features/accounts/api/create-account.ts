import type { Account, createAccountBody } from '@herald/contract';
import { post } from '../../../lib/http';
import type { Infer } from '../../../lib/infer';

export type CreateAccountBody = Infer<typeof createAccountBody>;

export const createAccount = (body: CreateAccountBody) => post<Account>('/v1/accounts', body);
