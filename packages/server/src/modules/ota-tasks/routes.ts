import {
  createOtaTaskBody,
  envelope,
  executionDetailSchema,
  executionListQuery,
  executionParamSchema,
  executionSchema,
  idParamSchema,
  otaPhasesSchema,
  otaProgressSchema,
  otaTaskListItemSchema,
  otaTaskListQuery,
  otaTaskSchema,
  pageOf,
  updateOtaTaskBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as campaign from './campaign-service';
import * as tasks from './service';

const tags = ['ota-tasks'];
/** Both sides: operators act on an account they name, account users on their own. */
const access = (action: string) => ({ access: { permission: `herald.ota.task.${action}` } }) as const;

const otaTaskRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/ota-tasks',
    {
      config: access('query'),
      schema: {
        tags,
        summary: 'List upgrade tasks with execution counts',
        querystring: otaTaskListQuery,
        response: { 200: envelope(pageOf(otaTaskListItemSchema)) },
      },
    },
    async (req) => ok(await tasks.listTasks(deps, req.auth, req.query)),
  );
  app.post(
    '/v1/ota-tasks',
    {
      config: access('add'),
      schema: {
        tags,
        summary: 'Create an upgrade task (devices in scope are evaluated at once)',
        body: createOtaTaskBody,
        response: { 200: envelope(otaTaskSchema) },
      },
    },
    async (req) => {
      const task = await tasks.createTask(deps, req.auth, req.body);
      // created, but not for every device named: the console shows the spec's message
      return { ...ok(task), message: task.creationNote === 'someFailed' ? 'error.someDevicesFailed' : 'ok' };
    },
  );
  app.get(
    '/v1/ota-tasks/:id',
    {
      config: access('query'),
      schema: {
        tags,
        summary: 'Upgrade task detail',
        params: idParamSchema,
        response: { 200: envelope(otaTaskSchema) },
      },
    },
    async (req) => ok(await tasks.getTask(deps, req.auth, req.params.id)),
  );
  app.put(
    '/v1/ota-tasks/:id',
    {
      config: access('edit'),
      schema: {
        tags,
        summary: 'Edit an upgrade task that has not started',
        params: idParamSchema,
        body: updateOtaTaskBody,
        response: { 200: envelope(otaTaskSchema) },
      },
    },
    async (req) => ok(await tasks.updateTask(deps, req.auth, req.params.id, req.body)),
  );
  app.post(
    '/v1/ota-tasks/:id/cancel',
    {
      config: access('cancel'),
      schema: {
        tags,
        summary: 'Cancel an upgrade task: no new offers, queued executions cancelled',
        params: idParamSchema,
        response: { 200: envelope(otaTaskSchema) },
      },
    },
    async (req) => ok(await tasks.cancelTask(deps, req.auth, req.params.id)),
  );
  const halts = [
    ['pause', 'cancel', 'Pause an upgrade task: no new offers until resumed', campaign.pauseTask],
    ['abort', 'cancel', 'Abort an upgrade task by hand: no new offers, resumable, its reason kept', campaign.abortTask],
    ['resume', 'edit', 'Resume a paused or aborted task (abort criteria count afresh)', campaign.resumeTask],
    [
      'approve',
      'edit',
      'Approve the next phase, which asks for it, once the current one met its conditions',
      campaign.approvePhase,
    ],
  ] as const;
  for (const [verb, permission, summary, act] of halts) {
    app.post(
      `/v1/ota-tasks/:id/${verb}`,
      {
        config: access(permission),
        schema: { tags, summary, params: idParamSchema, response: { 200: envelope(otaTaskSchema) } },
      },
      async (req) => ok(await act(deps, req.auth, req.params.id)),
    );
  }
  app.get(
    '/v1/ota-tasks/:id/phases',
    {
      config: access('query'),
      schema: {
        tags,
        summary: "A phased task's phases: counts, state and what the running one waits for",
        params: idParamSchema,
        response: { 200: envelope(otaPhasesSchema) },
      },
    },
    async (req) => ok(await campaign.taskPhases(deps, req.auth, req.params.id)),
  );
  app.get(
    '/v1/ota-tasks/:id/progress',
    {
      config: access('query'),
      schema: {
        tags,
        summary: 'Counts per execution state and their course over time',
        params: idParamSchema,
        response: { 200: envelope(otaProgressSchema) },
      },
    },
    async (req) => ok(await tasks.taskProgress(deps, req.auth, req.params.id)),
  );
  app.get(
    '/v1/ota-tasks/:id/executions',
    {
      config: access('query'),
      schema: {
        tags,
        summary: "A task's device executions",
        params: idParamSchema,
        querystring: executionListQuery,
        response: { 200: envelope(pageOf(executionSchema)) },
      },
    },
    async (req) => ok(await tasks.listExecutions(deps, req.auth, req.params.id, req.query)),
  );
  app.get(
    '/v1/ota-tasks/:id/executions/:executionId',
    {
      config: access('query'),
      schema: {
        tags,
        summary: 'One device execution with its history',
        params: executionParamSchema,
        response: { 200: envelope(executionDetailSchema) },
      },
    },
    async (req) => ok(await tasks.getExecution(deps, req.auth, req.params.id, req.params.executionId)),
  );
};

export default otaTaskRoutes;
