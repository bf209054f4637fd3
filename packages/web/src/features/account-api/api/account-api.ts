import type {
  AccountApiDetail,
  AccountApiSecret,
  ApiKey,
  ApiKeySecret,
  GeoLocationSecret,
  ModifyAccountApiBody,
} from '@herald/contract';
import { del, get, post } from '../../../lib/http';

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

// ── named keys ────────────────────────────────────────────────────────────

export const apiKeysQuery = () => ({
  queryKey: ['account-api', 'keys'] as const,
  queryFn: () => get<ApiKey[]>(`${BASE}/keys`),
  staleTime: 0,
});

/** The answer carries the new key's secret: the only time it is shown without a password. */
export const createApiKey = (name: string) => post<ApiKeySecret>(`${BASE}/keys`, { name });

export const renameApiKey = (id: number, name: string) => post<ApiKey>(`${BASE}/keys/${id}/name`, { name });

/** A new secret; the old one keeps working for `graceSeconds` (0: stops at once). */
export const rotateApiKey = (id: number, graceSeconds: number) =>
  post<ApiKeySecret>(`${BASE}/keys/${id}/rotate`, { graceSeconds });

export const endApiKeyOverlap = (id: number) => post<ApiKey>(`${BASE}/keys/${id}/end-overlap`);

export const revokeApiKey = (id: number) => del<null>(`${BASE}/keys/${id}`);

export const queryApiKeySecret = (id: number, password: string) =>
  post<ApiKeySecret>(`${BASE}/keys/${id}/secret`, { password });
