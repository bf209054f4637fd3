import { accountApiApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { ModifyAccountApiBody } from '@herald/contract';

/** The spec's paths (`/v1/account-api/*`). The secret never comes with `detail`. */

export const accountApiQuery = () => ({
  queryKey: ['account-api'] as const,
  queryFn: () => call(accountApiApi.detail),
  staleTime: 0,
});

export const modifyPushUrls = (pushUrls: ModifyAccountApiBody['pushUrls']) =>
  call(accountApiApi.modifyAccountApi, { body: { pushUrls } });

/** Generate or rotate: the answer is the only time the new secret is shown without a password. */
export const generateSecret = () => call(accountApiApi.genAccountApiSecret);

/** The secret again, after the login password (a wrong one is the server's message, shown in the dialog's toast). */
export const querySecret = (password: string) => call(accountApiApi.queryApiSecret, { body: { password } });

export const modifyAddedParams = (params: Record<string, string>) =>
  call(accountApiApi.modifyAddedServiceParams, { body: { params } });

export const geoSecret = () => call(accountApiApi.queryGeoLocationApiSecret);

// ── named keys ────────────────────────────────────────────────────────────

export const apiKeysQuery = () => ({
  queryKey: ['account-api', 'keys'] as const,
  queryFn: () => call(accountApiApi.listKeys),
  staleTime: 0,
});

/** The answer carries the new key's secret: the only time it is shown without a password. */
export const createApiKey = (name: string) => call(accountApiApi.createKey, { body: { name } });

export const renameApiKey = (id: number, name: string) =>
  call(accountApiApi.renameKey, { params: { id }, body: { name } });

/** A new secret; the old one keeps working for `graceSeconds` (0: stops at once). */
export const rotateApiKey = (id: number, graceSeconds: number) =>
  call(accountApiApi.rotateKey, { params: { id }, body: { graceSeconds } });

export const endApiKeyOverlap = (id: number) => call(accountApiApi.endKeyOverlap, { params: { id } });

export const revokeApiKey = (id: number) => call(accountApiApi.removeKey, { params: { id } });

export const queryApiKeySecret = (id: number, password: string) =>
  call(accountApiApi.keySecret, { params: { id }, body: { password } });
