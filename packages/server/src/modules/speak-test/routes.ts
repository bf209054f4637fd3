import { speakTestApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as speakTest from './service';

const speakTestRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.devices, async (req) => ok(await speakTest.speakers(deps, req.auth)));
  register(app, api.send, async (req) => ok(await speakTest.send(deps, req.auth, req.body)));
  register(app, api.job, async (req) => ok(await speakTest.job(deps, req.auth, req.params.id)));
};

export default speakTestRoutes;
