import { recordsApi as api } from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import { register } from '../../lib/route';
import { cancelFromConsole, reprint } from '../print-pipeline/control';
import * as records from './service';
import { getTradeStats } from './trade-stats';

const recordRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.listPrint, async (req) => ok(await records.listPrint(deps, req.auth, req.query)));
  register(app, api.getPrint, async (req) => ok(await records.getPrint(deps, req.auth, req.params.id)));
  register(app, api.listBroadcast, async (req) => ok(await records.listBroadcast(deps, req.auth, req.query)));
  register(app, api.getBroadcast, async (req) => ok(await records.getBroadcast(deps, req.auth, req.params.id)));
  register(app, api.listTrade, async (req) => ok(await records.listTrade(deps, req.auth, req.query)));
  register(app, api.getTrade, async (req) => ok(await records.getTrade(deps, req.auth, req.params.id)));
  register(app, api.listGeneral, async (req) => ok(await records.listGeneral(deps, req.auth, req.query)));
  register(app, api.getGeneral, async (req) => ok(await records.getGeneral(deps, req.auth, req.params.id)));
  register(app, api.listPublish, async (req) => ok(await records.listPublish(deps, req.auth, req.query)));
  register(app, api.getPublish, async (req) => ok(await records.getPublish(deps, req.auth, req.params.id)));
  register(app, api.listDelivery, async (req) => ok(await records.listDelivery(deps, req.auth, req.query)));
  register(app, api.getDelivery, async (req) => ok(await records.getDelivery(deps, req.auth, req.params.id)));
  register(app, api.cancelPrint, async (req) =>
    ok(await cancelFromConsole(deps, req.auth, req.params.id, { kinds: ['print'] })),
  );
  register(app, api.reprintPrint, async (req) => ok(await reprint(deps, req.auth, req.params.id, ['print'])));
  register(app, api.cancelBroadcast, async (req) =>
    ok(await cancelFromConsole(deps, req.auth, req.params.id, { kinds: ['speak'] })),
  );
  register(app, api.reprintBroadcast, async (req) => ok(await reprint(deps, req.auth, req.params.id, ['speak'])));
  register(app, api.tradeStats, async (req) => ok(await getTradeStats(deps, req.auth, req.query)));
};

export default recordRoutes;
