import type { Account } from '@herald/contract';
import { post } from '../../../lib/http';

export const setGeoService = (id: number, enabled: boolean) =>
  post<Account>(`/v1/accounts/${id}/geo-service`, { enabled });
