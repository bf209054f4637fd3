import type { AccountStatus } from '@herald/contract';
import { post } from '../../../lib/http';

export const setAccountStatus = (id: number, status: AccountStatus) =>
  post<unknown>(`/v1/accounts/${id}/status`, { status });
