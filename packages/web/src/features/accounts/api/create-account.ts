import { accountsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { createAccountBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type CreateAccountBody = Infer<typeof createAccountBody>;

export const createAccount = (body: CreateAccountBody) => call(accountsApi.create, { body });
