import { otaTasksApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { Params } from '../../../lib/http';
import type { CreateOtaTaskBody, UpdateOtaTaskBody } from './types';

export const listOtaTasks = (params: Params) => call(otaTasksApi.list, { query: params });
export const createOtaTask = (body: CreateOtaTaskBody) => call(otaTasksApi.create, { body });
export const updateOtaTask = (id: number, body: UpdateOtaTaskBody) =>
  call(otaTasksApi.update, { params: { id }, body });
export const cancelOtaTask = (id: number) => call(otaTasksApi.cancel, { params: { id } });
/** pause | resume | abort | approve */
export const haltOtaTask = (id: number, verb: 'pause' | 'resume' | 'abort' | 'approve') =>
  call(otaTasksApi[verb], { params: { id } });
export const listExecutions = (id: number, params: Params) =>
  call(otaTasksApi.executions, { params: { id }, query: params });

export const otaTaskQuery = (id: number) => ({
  queryKey: ['ota-tasks', id] as const,
  queryFn: () => call(otaTasksApi.get, { params: { id } }),
  enabled: id > 0,
});

export const otaProgressQuery = (id: number) => ({
  queryKey: ['ota-tasks', id, 'progress'] as const,
  queryFn: () => call(otaTasksApi.progress, { params: { id } }),
  enabled: id > 0,
});

export const otaPhasesQuery = (id: number) => ({
  queryKey: ['ota-tasks', id, 'phases'] as const,
  queryFn: () => call(otaTasksApi.phases, { params: { id } }),
  enabled: id > 0,
});

export const executionDetailQuery = (id: number, executionId: number | undefined) => ({
  queryKey: ['ota-tasks', id, 'executions', executionId ?? 0] as const,
  queryFn: () => call(otaTasksApi.getExecution, { params: { id, executionId } }),
  enabled: id > 0 && !!executionId,
});
