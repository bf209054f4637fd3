import { accountsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { AccountStatus } from '@herald/contract';

export const setAccountStatus = (id: number, status: AccountStatus) =>
  call(accountsApi.status, { params: { id }, body: { status } });
