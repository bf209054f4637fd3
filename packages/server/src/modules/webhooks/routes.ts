import { webhooksApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as webhooks from './service';

const webhookRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.deliveries, async (req) => ok(await webhooks.listDeliveries(deps, req.auth, req.query)));
  register(app, api.getDelivery, async (req) => ok(await webhooks.getDelivery(deps, req.auth, req.params.id)));

  register(app, api.test, async (req) => ok(await webhooks.sendTest(deps, req.auth, req.body.event)));
  register(app, api.redeliver, async (req) => ok(await webhooks.redeliver(deps, req.auth, req.params.id)));
};

export default webhookRoutes;
