import { otaTasksApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as campaign from './campaign-service';
import * as tasks from './service';

const otaTaskRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await tasks.listTasks(deps, req.auth, req.query)));
  register(app, api.create, async (req) => {
    const task = await tasks.createTask(deps, req.auth, req.body);
    // created, but not for every device named: the console shows the spec's message
    return { ...ok(task), message: task.creationNote === 'someFailed' ? 'error.someDevicesFailed' : 'ok' };
  });
  register(app, api.get, async (req) => ok(await tasks.getTask(deps, req.auth, req.params.id)));
  register(app, api.update, async (req) => ok(await tasks.updateTask(deps, req.auth, req.params.id, req.body)));
  register(app, api.cancel, async (req) => ok(await tasks.cancelTask(deps, req.auth, req.params.id)));
  register(app, api.pause, async (req) => ok(await campaign.pauseTask(deps, req.auth, req.params.id)));
  register(app, api.abort, async (req) => ok(await campaign.abortTask(deps, req.auth, req.params.id)));
  register(app, api.resume, async (req) => ok(await campaign.resumeTask(deps, req.auth, req.params.id)));
  register(app, api.approve, async (req) => ok(await campaign.approvePhase(deps, req.auth, req.params.id)));
  register(app, api.phases, async (req) => ok(await campaign.taskPhases(deps, req.auth, req.params.id)));
  register(app, api.progress, async (req) => ok(await tasks.taskProgress(deps, req.auth, req.params.id)));
  register(app, api.executions, async (req) =>
    ok(await tasks.listExecutions(deps, req.auth, req.params.id, req.query)),
  );
  register(app, api.getExecution, async (req) =>
    ok(await tasks.getExecution(deps, req.auth, req.params.id, req.params.executionId)),
  );
};

export default otaTaskRoutes;
