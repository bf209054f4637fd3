import { accountsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getAccount = (id: number) => call(accountsApi.get, { params: { id } });

export const accountQuery = (id: number) => ({
  queryKey: ['accounts', id] as const,
  queryFn: () => getAccount(id),
  enabled: id > 0,
});
