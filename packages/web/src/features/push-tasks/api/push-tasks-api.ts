import type { Page } from '@herald/contract';
import { readAsDataUrl } from '../../../lib/files';
import { fetchBlob, get, post, type Params } from '../../../lib/http';
import type { CreatePushTaskBody, PushResult, PushTask, PushTaskListItem } from './types';

const BASE = '/v1/push-tasks';

export const listPushTasks = (params: Params) => get<Page<PushTaskListItem>>(BASE, params);
/** The answer names the devices that could not be included and carries the localized notice then. */
export type PushTaskCreated = PushTask & { failed?: string[]; notice?: string | null };
export const createPushTask = (body: CreatePushTaskBody) => post<PushTaskCreated>(BASE, body);
export const cancelPushTask = (id: number) => post<PushTask>(`${BASE}/${id}/cancel`);
export const listPushResults = (id: number, params: Params) => get<Page<PushResult>>(`${BASE}/${id}/results`, params);

/** A logo task's startup logo as a data URL (the route needs the token; a data URL needs no revoking). */
export const pushTaskLogoQuery = (id: number, enabled: boolean) => ({
  // not under ['push-tasks', id]: the task's refreshes would fetch the unchanging picture again
  queryKey: ['push-task-logo', id] as const,
  queryFn: async () => readAsDataUrl(await fetchBlob(`${BASE}/${id}/logo`)),
  enabled: enabled && id > 0,
  staleTime: Infinity,
});

export const pushTaskQuery = (id: number) => ({
  queryKey: ['push-tasks', id] as const,
  queryFn: () => get<PushTask>(`${BASE}/${id}`),
  enabled: id > 0,
});
