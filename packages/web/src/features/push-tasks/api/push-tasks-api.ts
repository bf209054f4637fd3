import type { Page } from '@herald/contract';
import { get, post, type Params } from '../../../lib/http';
import type { CreatePushTaskBody, PushResult, PushTask, PushTaskListItem } from './types';

const BASE = '/v1/push-tasks';

export const listPushTasks = (params: Params) => get<Page<PushTaskListItem>>(BASE, params);
export const createPushTask = (body: CreatePushTaskBody) => post<PushTask>(BASE, body);
export const cancelPushTask = (id: number) => post<PushTask>(`${BASE}/${id}/cancel`);
export const listPushResults = (id: number, params: Params) => get<Page<PushResult>>(`${BASE}/${id}/results`, params);

export const pushTaskQuery = (id: number) => ({
  queryKey: ['push-tasks', id] as const,
  queryFn: () => get<PushTask>(`${BASE}/${id}`),
  enabled: id > 0,
});
