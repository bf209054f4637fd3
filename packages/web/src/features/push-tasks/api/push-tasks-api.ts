import { pushTasksApi } from '@herald/contract';
import { blobFrom, call } from '../../../lib/api-client';

import { readAsDataUrl } from '../../../lib/files';
import type { Params } from '../../../lib/http';
import type { CreatePushTaskBody, PushTask } from './types';

export const listPushTasks = (params: Params) => call(pushTasksApi.list, { query: params });
/** The answer names the devices that could not be included and carries the localized notice then. */
export type PushTaskCreated = PushTask & { failed?: string[]; notice?: string | null };
export const createPushTask = (body: CreatePushTaskBody) => call(pushTasksApi.create, { body });
export const cancelPushTask = (id: number) => call(pushTasksApi.cancel, { params: { id } });
export const listPushResults = (id: number, params: Params) =>
  call(pushTasksApi.results, { params: { id }, query: params });

/** A logo task's startup logo as a data URL (the route needs the token; a data URL needs no revoking). */
export const pushTaskLogoQuery = (id: number, enabled: boolean) => ({
  // not under ['push-tasks', id]: the task's refreshes would fetch the unchanging picture again
  queryKey: ['push-task-logo', id] as const,
  queryFn: async () => readAsDataUrl(await blobFrom(pushTasksApi.logo, { id })),
  enabled: enabled && id > 0,
  staleTime: Infinity,
});

export const pushTaskQuery = (id: number) => ({
  queryKey: ['push-tasks', id] as const,
  queryFn: () => call(pushTasksApi.get, { params: { id } }),
  enabled: id > 0,
});
