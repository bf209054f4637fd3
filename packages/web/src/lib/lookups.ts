import type {
  AccountUserOption,
  AppOption,
  GroupOption,
  ManufacturerOption,
  ModelOption,
  OtaCohort,
  PackageOption,
  Page,
} from '@herald/contract';
import { get } from './http';

/**
 * Lookups that more than one screen needs (device forms and filters, upgrade and push tasks,
 * language packs, trade-speak settings); operators may name the account.
 */
const lookup = <T>(name: string, accountId?: number, enabled = true) => ({
  queryKey: ['common', name, accountId ?? null] as const,
  queryFn: () => get<T[]>(`/v1/common/${name}`, { accountId }),
  enabled,
});

export const modelOptionsQuery = (accountId?: number) => lookup<ModelOption>('modelListQuery', accountId);
/** Groups belong to an account: operators name it, so task forms wait until one is chosen (`enabled`). */
export const groupOptionsQuery = (accountId?: number, enabled = true) =>
  lookup<GroupOption>('groupListQuery', accountId, enabled);
export const appOptionsQuery = (accountId?: number, enabled = true) =>
  lookup<AppOption>('appListQuery', accountId, enabled);
export const manufacturerOptionsQuery = (enabled = true) =>
  lookup<ManufacturerOption>('manufacturerListQuery', undefined, enabled);
/** The account's users, whom devices are assigned to. */
export const accountUserOptionsQuery = (accountId?: number, enabled = true) =>
  lookup<AccountUserOption>('accountUserListQuery', accountId, enabled);

export const firmwareOptionsQuery = (accountId: number | undefined, modelId: number | undefined, enabled: boolean) => ({
  queryKey: ['common', 'firmwareListQuery', accountId ?? null, modelId ?? null] as const,
  queryFn: () => get<PackageOption[]>('/v1/common/firmwareListQuery', { accountId, modelId }),
  enabled,
});

export const resourceOptionsQuery = (
  accountId: number | undefined,
  language: string | undefined,
  enabled: boolean,
) => ({
  queryKey: ['common', 'resourceListQuery', accountId ?? null, language ?? null] as const,
  queryFn: () => get<PackageOption[]>('/v1/common/resourceListQuery', { accountId, language }),
  enabled,
});

/** The account's cohorts, for a cohort scope or a cohort phase. */
export const cohortOptionsQuery = (accountId: number | undefined, enabled: boolean) => ({
  queryKey: ['ota-cohorts', 'options', accountId ?? null] as const,
  queryFn: () => get<Page<OtaCohort>>('/v1/ota-cohorts', { accountId, page: 1, pageSize: 100 }),
  enabled,
});

/**
 * Speak languages a language pack can be for; named in the request language, so the key carries it.
 * Also the language choices of upgrade tasks and of the trade-speak settings.
 */
export const speakLanguagesQuery = (locale: string) => ({
  queryKey: ['common', 'speakLanguageListQuery', locale] as const,
  queryFn: () => get<{ value: string; label: string }[]>('/v1/common/speakLanguageListQuery'),
  staleTime: Infinity,
});
