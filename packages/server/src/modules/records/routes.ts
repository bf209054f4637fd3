import type { z } from 'zod';
import {
  broadcastRecordDetailSchema,
  broadcastRecordQuery,
  broadcastRecordSchema,
  deliveryRecordDetailSchema,
  deliveryRecordQuery,
  deliveryRecordSchema,
  envelope,
  generalRecordDetailSchema,
  generalRecordQuery,
  generalRecordSchema,
  bigIdParamSchema,
  openJobAccepted,
  openJobView,
  pageOf,
  printRecordDetailSchema,
  printRecordQuery,
  printRecordSchema,
  publishRecordDetailSchema,
  publishRecordQuery,
  publishRecordSchema,
  tradeRecordDetailSchema,
  tradeRecordQuery,
  tradeRecordSchema,
  tradeStatsQuery,
  tradeStatsSchema,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { App, Deps, RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import { cancelFromConsole, reprint } from '../print-pipeline/control';
import * as records from './service';
import { getTradeStats } from './trade-stats';

const tags = ['records'];

type Area = {
  path: string;
  permission: string;
  what: string;
  query: z.ZodTypeAny;
  item: z.ZodTypeAny;
  detail: z.ZodTypeAny;
  list: (deps: Deps, auth: AuthContext, q: never) => Promise<unknown>;
  get: (deps: Deps, auth: AuthContext, id: number) => Promise<unknown>;
};

/** Both sides read records; the service scopes account users to their own account. */
const AREAS: Area[] = [
  {
    path: 'print',
    permission: 'herald.stat.print.rec',
    what: 'print records',
    query: printRecordQuery,
    item: printRecordSchema,
    detail: printRecordDetailSchema,
    list: records.listPrint,
    get: records.getPrint,
  },
  {
    path: 'broadcast',
    permission: 'herald.stat.broadcast.rec',
    what: 'broadcast (speak) records',
    query: broadcastRecordQuery,
    item: broadcastRecordSchema,
    detail: broadcastRecordDetailSchema,
    list: records.listBroadcast,
    get: records.getBroadcast,
  },
  {
    path: 'trade',
    permission: 'herald.stat.speak.rec',
    what: 'transaction broadcast records',
    query: tradeRecordQuery,
    item: tradeRecordSchema,
    detail: tradeRecordDetailSchema,
    list: records.listTrade,
    get: records.getTrade,
  },
  {
    path: 'general',
    permission: 'herald.stat.custom.rec',
    what: 'general request records (open API calls)',
    query: generalRecordQuery,
    item: generalRecordSchema,
    detail: generalRecordDetailSchema,
    list: records.listGeneral,
    get: records.getGeneral,
  },
  {
    path: 'publish',
    permission: 'herald.message.publish.rec',
    what: 'gateway publish records',
    query: publishRecordQuery,
    item: publishRecordSchema,
    detail: publishRecordDetailSchema,
    list: records.listPublish,
    get: records.getPublish,
  },
  {
    path: 'delivery',
    permission: 'herald.message.delivery.rec',
    what: 'delivery records (jobs of every kind)',
    query: deliveryRecordQuery,
    item: deliveryRecordSchema,
    detail: deliveryRecordDetailSchema,
    list: records.listDelivery,
    get: records.getDelivery,
  },
];

function register(app: App, deps: Deps, a: Area) {
  const config = { access: { permission: `${a.permission}.query` } };
  app.get(
    `/v1/records/${a.path}`,
    {
      config,
      schema: { tags, summary: `List ${a.what}`, querystring: a.query, response: { 200: envelope(pageOf(a.item)) } },
    },
    async (req) => ok(await a.list(deps, req.auth, req.query as never)) as never,
  );
  app.get(
    `/v1/records/${a.path}/:id`,
    {
      config,
      schema: {
        tags,
        summary: `Detail of one of the ${a.what}`,
        params: bigIdParamSchema,
        response: { 200: envelope(a.detail) },
      },
    },
    async (req) => ok(await a.get(deps, req.auth, req.params.id)) as never,
  );
}

/** Cancel a waiting job, send a finished one again: print and broadcast records. */
function registerControl(app: App, deps: Deps, path: 'print' | 'broadcast', kind: 'print' | 'speak') {
  const permission = `herald.stat.${path === 'print' ? 'print' : 'broadcast'}.rec`;
  const what = kind === 'print' ? 'print job' : 'broadcast job';
  app.post(
    `/v1/records/${path}/:id/cancel`,
    {
      config: { access: { permission: `${permission}.cancel` } },
      schema: {
        tags,
        summary: `Cancel a ${what} still at 0 or 1: it ends as 4 'cancelled' (idempotent; the device drops it)`,
        params: bigIdParamSchema,
        response: { 200: envelope(openJobView) },
      },
    },
    async (req) => ok(await cancelFromConsole(deps, req.auth, req.params.id, { kinds: [kind] })),
  );
  app.post(
    `/v1/records/${path}/:id/reprint`,
    {
      config: { access: { permission: `${permission}.reprint` } },
      schema: {
        tags,
        summary: `Send a finished ${what} again: a new job with the same content, linked by reprintOf`,
        params: bigIdParamSchema,
        response: { 200: envelope(openJobAccepted) },
      },
    },
    async (req) => ok(await reprint(deps, req.auth, req.params.id, [kind])),
  );
}

const recordRoutes: RoutesPlugin = async (app, deps) => {
  for (const a of AREAS) register(app, deps, a);
  registerControl(app, deps, 'print', 'print');
  registerControl(app, deps, 'broadcast', 'speak');
  // the chart above the transaction broadcast list (a static path, so it wins over `trade/:id`)
  app.get(
    '/v1/records/trade/stats',
    {
      config: { access: { permission: 'herald.stat.speak.rec.query' } },
      schema: {
        tags,
        summary: 'Transaction broadcasts per hour or day (success, failed, pending)',
        querystring: tradeStatsQuery,
        response: { 200: envelope(tradeStatsSchema) },
      },
    },
    async (req) => ok(await getTradeStats(deps, req.auth, req.query)),
  );
};

export default recordRoutes;
