import type { Account } from '@herald/contract';
import { post } from '../../../lib/http';

/** The value-added services the platform turns on per account, by the path of their switch. */
export type AccountService = 'geo' | 'qrBrand' | 'pushAlarm';
const PATHS: Record<AccountService, string> = {
  geo: 'geo-service',
  qrBrand: 'qr-brand-service',
  pushAlarm: 'push-alarm-service',
};

export const setService = (id: number, service: AccountService, enabled: boolean) =>
  post<Account>(`/v1/accounts/${id}/${PATHS[service]}`, { enabled });
