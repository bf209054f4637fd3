import {
  createPushTaskBody,
  pushResultListQuery,
  pushResultSchema,
  pushTaskCreatedSchema,
  pushTaskListItemSchema,
  pushTaskListQuery,
  pushTaskSchema,
} from '../schemas/push-tasks';
import { idParamSchema, pageOf } from '../envelope';
import { route } from './route';

const tags = ['push-tasks'];
/** Both sides: operators act on an account they name, account users on their own. */
const access = (action: string) => ({ permission: `herald.push.task.${action}` }) as const;

export const pushTasksApi = {
  list: route({
    method: 'GET',
    path: '/v1/push-tasks',
    query: pushTaskListQuery,
    response: pageOf(pushTaskListItemSchema),
    access: access('query'),
    summary: 'List push tasks with result counts',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/push-tasks',
    body: createPushTaskBody,
    response: pushTaskCreatedSchema,
    access: access('add'),
    summary: 'Create a push task (print parameters, a message or a resource pack) over a scope of devices',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/push-tasks/:id',
    params: idParamSchema,
    response: pushTaskSchema,
    access: access('query'),
    summary: 'Push task detail',
    tags,
  }),
  logo: route({
    method: 'GET',
    path: '/v1/push-tasks/:id/logo',
    params: idParamSchema,
    response: 'file',
    access: access('query'),
    summary: "A logo task's startup logo (image/bmp)",
    tags,
  }),
  results: route({
    method: 'GET',
    path: '/v1/push-tasks/:id/results',
    params: idParamSchema,
    query: pushResultListQuery,
    response: pageOf(pushResultSchema),
    access: access('query'),
    summary: "A push task's results per device",
    tags,
  }),
  cancel: route({
    method: 'POST',
    path: '/v1/push-tasks/:id/cancel',
    params: idParamSchema,
    response: pushTaskSchema,
    access: access('cancel'),
    summary: 'Cancel a push task that has not ended (messages not yet sent are cancelled)',
    tags,
  }),
};
