import { cohortsApi, fleetCommonApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { CreateOtaCohortBody, UpdateOtaCohortBody } from '@herald/contract';
import type { Params } from '../../../lib/http';

export const listCohorts = (params: Params) => call(cohortsApi.list, { query: params });
export const createCohort = (body: CreateOtaCohortBody) => call(cohortsApi.create, { body });
export const updateCohort = (id: number, body: UpdateOtaCohortBody) =>
  call(cohortsApi.update, { params: { id }, body });
export const deleteCohort = (id: number) => call(cohortsApi.remove, { params: { id } });

export const cohortQuery = (id: number) => ({
  queryKey: ['ota-cohorts', id] as const,
  queryFn: () => call(cohortsApi.get, { params: { id } }),
  enabled: id > 0,
});

/** The account's groups, for the filter a cohort is read with (operators name the account first). */
export const cohortGroupsQuery = (accountId: number | undefined, enabled: boolean) => ({
  queryKey: ['common', 'groupListQuery', accountId ?? null] as const,
  queryFn: () => call(fleetCommonApi.groupListQuery, { query: { accountId } }),
  enabled,
});
