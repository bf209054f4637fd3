import type {
  CreateOtaCohortBody,
  GroupOption,
  OtaCohort,
  OtaCohortDetail,
  Page,
  UpdateOtaCohortBody,
} from '@herald/contract';
import { del, get, post, put, type Params } from '../../../lib/http';

const BASE = '/v1/ota-cohorts';

export const listCohorts = (params: Params) => get<Page<OtaCohort>>(BASE, params);
export const createCohort = (body: CreateOtaCohortBody) => post<OtaCohortDetail>(BASE, body);
export const updateCohort = (id: number, body: UpdateOtaCohortBody) => put<OtaCohortDetail>(`${BASE}/${id}`, body);
export const deleteCohort = (id: number) => del<null>(`${BASE}/${id}`);

export const cohortQuery = (id: number) => ({
  queryKey: ['ota-cohorts', id] as const,
  queryFn: () => get<OtaCohortDetail>(`${BASE}/${id}`),
  enabled: id > 0,
});

/** The account's groups, for the filter a cohort is read with (operators name the account first). */
export const cohortGroupsQuery = (accountId: number | undefined, enabled: boolean) => ({
  queryKey: ['common', 'groupListQuery', accountId ?? null] as const,
  queryFn: () => get<GroupOption[]>('/v1/common/groupListQuery', { accountId }),
  enabled,
});
