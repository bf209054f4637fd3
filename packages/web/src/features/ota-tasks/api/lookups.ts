import type { GroupOption, OtaCohort, PackageOption, Page } from '@herald/contract';
import { get } from '../../../lib/http';

/**
 * Lookups of the task forms (upgrade and push). Groups and packages belong to an account:
 * operators name it, so these wait until one is chosen (`enabled`).
 */
export const groupOptionsQuery = (accountId: number | undefined, enabled: boolean) => ({
  queryKey: ['common', 'groupListQuery', accountId ?? null] as const,
  queryFn: () => get<GroupOption[]>('/v1/common/groupListQuery', { accountId }),
  enabled,
});

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
