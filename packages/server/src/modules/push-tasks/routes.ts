import { pushTasksApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import { sendImage } from '../../lib/image';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as tasks from './service';

const pushTaskRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await tasks.listPushTasks(deps, req.auth, req.query)));
  register(app, api.create, async (req) => {
    const task = await tasks.createPushTask(deps, req.auth, req.body, req.locale);
    // created, but not for every device named: the console shows the spec's message
    return { ...ok(task), message: task.failed.length ? 'error.someDevicesFailed' : 'ok' };
  });
  register(app, api.get, async (req) => ok(await tasks.getPushTask(deps, req.auth, req.params.id)));
  register(app, api.logo, async (req, reply) => {
    // looked up first: a refusal must not be cached
    const bmp = await tasks.pushTaskLogo(deps, req.auth, req.params.id);
    return sendImage(reply, 'image/bmp', bmp, 'private, max-age=3600');
  });
  register(app, api.results, async (req) => ok(await tasks.listPushResults(deps, req.auth, req.params.id, req.query)));
  register(app, api.cancel, async (req) => ok(await tasks.cancelPushTask(deps, req.auth, req.params.id)));
};

export default pushTaskRoutes;
