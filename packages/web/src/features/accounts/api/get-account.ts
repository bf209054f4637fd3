import type { Account } from '@herald/contract';
import { get } from '../../../lib/http';

export const getAccount = (id: number) => get<Account>(`/v1/accounts/${id}`);

export const accountQuery = (id: number) => ({
  queryKey: ['accounts', id] as const,
  queryFn: () => getAccount(id),
  enabled: id > 0,
});
