import {
  createPushTaskBody,
  envelope,
  idParamSchema,
  pageOf,
  pushResultListQuery,
  pushResultSchema,
  pushTaskCreatedSchema,
  pushTaskListItemSchema,
  pushTaskListQuery,
  pushTaskSchema,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import { sendImage } from '../../lib/image';
import type { RoutesPlugin } from '../../lib/deps';
import * as tasks from './service';

const tags = ['push-tasks'];
/** Both sides: operators act on an account they name, account users on their own. */
const access = (action: string) => ({ access: { permission: `herald.push.task.${action}` } }) as const;

const pushTaskRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/push-tasks',
    {
      config: access('query'),
      schema: {
        tags,
        summary: 'List push tasks with result counts',
        querystring: pushTaskListQuery,
        response: { 200: envelope(pageOf(pushTaskListItemSchema)) },
      },
    },
    async (req) => ok(await tasks.listPushTasks(deps, req.auth, req.query)),
  );
  app.post(
    '/v1/push-tasks',
    {
      config: access('add'),
      schema: {
        tags,
        summary: 'Create a push task (print parameters, a message or a resource pack) over a scope of devices',
        body: createPushTaskBody,
        response: { 200: envelope(pushTaskCreatedSchema) },
      },
    },
    async (req) => {
      const task = await tasks.createPushTask(deps, req.auth, req.body, req.locale);
      // created, but not for every device named: the console shows the spec's message
      return { ...ok(task), message: task.failed.length ? 'error.someDevicesFailed' : 'ok' };
    },
  );
  app.get(
    '/v1/push-tasks/:id',
    {
      config: access('query'),
      schema: { tags, summary: 'Push task detail', params: idParamSchema, response: { 200: envelope(pushTaskSchema) } },
    },
    async (req) => ok(await tasks.getPushTask(deps, req.auth, req.params.id)),
  );
  app.get(
    '/v1/push-tasks/:id/logo',
    {
      config: access('query'),
      schema: { tags, summary: "A logo task's startup logo (image/bmp)", params: idParamSchema },
    },
    async (req, reply) => {
      // looked up first: a refusal must not be cached
      const bmp = await tasks.pushTaskLogo(deps, req.auth, req.params.id);
      return sendImage(reply, 'image/bmp', bmp, 'private, max-age=3600');
    },
  );
  app.get(
    '/v1/push-tasks/:id/results',
    {
      config: access('query'),
      schema: {
        tags,
        summary: "A push task's results per device",
        params: idParamSchema,
        querystring: pushResultListQuery,
        response: { 200: envelope(pageOf(pushResultSchema)) },
      },
    },
    async (req) => ok(await tasks.listPushResults(deps, req.auth, req.params.id, req.query)),
  );
  app.post(
    '/v1/push-tasks/:id/cancel',
    {
      config: access('cancel'),
      schema: {
        tags,
        summary: 'Cancel a push task that has not ended (messages not yet sent are cancelled)',
        params: idParamSchema,
        response: { 200: envelope(pushTaskSchema) },
      },
    },
    async (req) => ok(await tasks.cancelPushTask(deps, req.auth, req.params.id)),
  );
};

export default pushTaskRoutes;
