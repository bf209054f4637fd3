import { cohortsApi, commonApi, firmwareApi, fleetCommonApi, resourcePackagesApi } from '@herald/contract';
import { call } from './api-client';

/**
 * Lookups that more than one screen needs (device forms and filters, upgrade and push tasks,
 * language packs, trade-speak settings); operators may name the account.
 */
const lookup = <T>(name: string, fetch: () => Promise<T[]>, accountId?: number, enabled = true) => ({
  queryKey: ['common', name, accountId ?? null] as const,
  queryFn: fetch,
  enabled,
});

export const modelOptionsQuery = (accountId?: number) =>
  lookup('modelListQuery', () => call(fleetCommonApi.modelListQuery), accountId);
/** Groups belong to an account: operators name it, so task forms wait until one is chosen (`enabled`). */
export const groupOptionsQuery = (accountId?: number, enabled = true) =>
  lookup('groupListQuery', () => call(fleetCommonApi.groupListQuery, { query: { accountId } }), accountId, enabled);
export const appOptionsQuery = (accountId?: number, enabled = true) =>
  lookup('appListQuery', () => call(fleetCommonApi.appListQuery, { query: { accountId } }), accountId, enabled);
export const manufacturerOptionsQuery = (enabled = true) =>
  lookup('manufacturerListQuery', () => call(fleetCommonApi.manufacturerListQuery), undefined, enabled);
/** The account's users, whom devices are assigned to. */
export const accountUserOptionsQuery = (accountId?: number, enabled = true) =>
  lookup(
    'accountUserListQuery',
    () => call(commonApi.accountUserListQuery, { query: { accountId } }),
    accountId,
    enabled,
  );

export const firmwareOptionsQuery = (accountId: number | undefined, modelId: number | undefined, enabled: boolean) => ({
  queryKey: ['common', 'firmwareListQuery', accountId ?? null, modelId ?? null] as const,
  queryFn: () => call(firmwareApi.commonFirmwareListQuery, { query: { accountId, modelId } }),
  enabled,
});

export const resourceOptionsQuery = (
  accountId: number | undefined,
  language: string | undefined,
  enabled: boolean,
) => ({
  queryKey: ['common', 'resourceListQuery', accountId ?? null, language ?? null] as const,
  queryFn: () => call(resourcePackagesApi.commonResourceListQuery, { query: { accountId, language } }),
  enabled,
});

/** The account's cohorts, for a cohort scope or a cohort phase. */
export const cohortOptionsQuery = (accountId: number | undefined, enabled: boolean) => ({
  queryKey: ['ota-cohorts', 'options', accountId ?? null] as const,
  queryFn: () => call(cohortsApi.list, { query: { accountId, page: 1, pageSize: 100 } }),
  enabled,
});

/**
 * Speak languages a language pack can be for; named in the request language, so the key carries it.
 * Also the language choices of upgrade tasks and of the trade-speak settings.
 */
export const speakLanguagesQuery = (locale: string) => ({
  queryKey: ['common', 'speakLanguageListQuery', locale] as const,
  queryFn: () => call(commonApi.speakLanguageListQuery),
  staleTime: Infinity,
});
