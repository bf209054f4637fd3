import type { AccountApiDetail, AccountApiSecret, GeoLocationSecret, ModifyAccountApiBody } from '@herald/contract';
import { get, post } from '../../../lib/http';

/** The spec's paths (`/v1/account-api/*`). The secret never comes with `detail`. */
const BASE = '/v1/account-api';

export const accountApiQuery = () => ({
  queryKey: ['account-api'] as const,
  queryFn: () => get<AccountApiDetail>(`${BASE}/detail`),
  staleTime: 0,
});

export const modifyPushUrls = (pushUrls: ModifyAccountApiBody['pushUrls']) =>
  post<AccountApiDetail>(`${BASE}/modifyAccountApi`, { pushUrls });

/** Generate or rotate: the answer is the only time the new secret is shown without a password. */
export const generateSecret = () => post<AccountApiSecret>(`${BASE}/genAccountApiSecret`);

/** The secret again, after the login password (a wrong one is the server's message, shown in the dialog's toast). */
export const querySecret = (password: string) => post<AccountApiSecret>(`${BASE}/queryApiSecret`, { password });

export const modifyAddedParams = (params: Record<string, string>) =>
  post<AccountApiDetail>(`${BASE}/modifyAddedServiceParams`, { params });

export const geoSecret = () => get<GeoLocationSecret>(`${BASE}/queryGeoLocationApiSecret`);
