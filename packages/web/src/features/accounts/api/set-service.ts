import { accountsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** The value-added services the platform turns on per account, each by its own switch. */
export type AccountService = 'geo' | 'qrBrand' | 'pushAlarm';
const SWITCHES = {
  geo: accountsApi.geoService,
  qrBrand: accountsApi.qrBrandService,
  pushAlarm: accountsApi.pushAlarmService,
} as const;

export const setService = (id: number, service: AccountService, enabled: boolean) =>
  call(SWITCHES[service], { params: { id }, body: { enabled } });
