import {
  accountStatSchema,
  businessStatSchema,
  dashboardQuery,
  devicePhysicalStatSchema,
  deviceSessionStatSchema,
  envelope,
  modelStatSchema,
  totalStatSchema,
} from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import * as dashboard from './service';

const tags = ['dashboard'];
/** The home page is every signed-in user's: the figures are scoped to what the caller may see (service.ts). */
const config = { access: {} } as const;
const schema = (summary: string) => ({ tags, summary, querystring: dashboardQuery });

const dashboardRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/dashboard/queryTotalStat',
    {
      config,
      schema: {
        ...schema('Devices, accounts, and the jobs of today and of the chosen range'),
        response: { 200: envelope(totalStatSchema) },
      },
    },
    async (req) => ok(await dashboard.totalStat(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/dashboard/queryBusinessStat',
    {
      config,
      schema: {
        ...schema('Jobs per day of the chosen range (7 days by default), by kind and outcome'),
        response: { 200: envelope(businessStatSchema) },
      },
    },
    async (req) => ok(await dashboard.businessStat(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/dashboard/queryDevicePhysicalStat',
    { config, schema: { ...schema('Devices by state'), response: { 200: envelope(devicePhysicalStatSchema) } } },
    async (req) => ok(await dashboard.devicePhysicalStat(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/dashboard/queryDeviceSessionStat',
    {
      config,
      schema: {
        ...schema('Connections, devices added and devices activated per day of the chosen range'),
        response: { 200: envelope(deviceSessionStatSchema) },
      },
    },
    async (req) => ok(await dashboard.deviceSessionStat(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/dashboard/queryModelStat',
    { config, schema: { ...schema('Devices per model'), response: { 200: envelope(modelStatSchema) } } },
    async (req) => ok(await dashboard.modelStat(deps, req.auth, req.query)),
  );
  app.get(
    '/v1/dashboard/queryAccountStat',
    {
      config,
      schema: {
        ...schema('Accounts and devices ranked by jobs over the chosen range'),
        response: { 200: envelope(accountStatSchema) },
      },
    },
    async (req) => ok(await dashboard.accountStat(deps, req.auth, req.query)),
  );
};

export default dashboardRoutes;
