import type { Page } from '@herald/contract';
import { get, post, put, type Params } from '../../../lib/http';
import type {
  CreateOtaTaskBody,
  Execution,
  ExecutionDetail,
  OtaPhasesView,
  OtaProgressView,
  OtaTask,
  OtaTaskListItem,
  UpdateOtaTaskBody,
} from './types';

const BASE = '/v1/ota-tasks';

export const listOtaTasks = (params: Params) => get<Page<OtaTaskListItem>>(BASE, params);
export const createOtaTask = (body: CreateOtaTaskBody) => post<OtaTask>(BASE, body);
export const updateOtaTask = (id: number, body: UpdateOtaTaskBody) => put<OtaTask>(`${BASE}/${id}`, body);
export const cancelOtaTask = (id: number) => post<OtaTask>(`${BASE}/${id}/cancel`);
/** pause | resume | abort | approve */
export const haltOtaTask = (id: number, verb: 'pause' | 'resume' | 'abort' | 'approve') =>
  post<OtaTask>(`${BASE}/${id}/${verb}`);
export const listExecutions = (id: number, params: Params) => get<Page<Execution>>(`${BASE}/${id}/executions`, params);

export const otaTaskQuery = (id: number) => ({
  queryKey: ['ota-tasks', id] as const,
  queryFn: () => get<OtaTask>(`${BASE}/${id}`),
  enabled: id > 0,
});

export const otaProgressQuery = (id: number) => ({
  queryKey: ['ota-tasks', id, 'progress'] as const,
  queryFn: () => get<OtaProgressView>(`${BASE}/${id}/progress`),
  enabled: id > 0,
});

export const otaPhasesQuery = (id: number) => ({
  queryKey: ['ota-tasks', id, 'phases'] as const,
  queryFn: () => get<OtaPhasesView>(`${BASE}/${id}/phases`),
  enabled: id > 0,
});

export const executionDetailQuery = (id: number, executionId: number | undefined) => ({
  queryKey: ['ota-tasks', id, 'executions', executionId ?? 0] as const,
  queryFn: () => get<ExecutionDetail>(`${BASE}/${id}/executions/${executionId}`),
  enabled: id > 0 && !!executionId,
});
