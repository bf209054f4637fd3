import { z } from 'zod';
import { operLogApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as operLog from './service';

const operLogRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await operLog.listOperLogs(deps, req.auth, req.query, req.locale)));

  register(
    app,
    api.exportCsv,
    async (req, reply) => {
      const csv = await operLog.exportOperLogs(deps, req.auth, req.query, req.locale);
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="oper-log-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
    { schema: { produces: ['text/csv'], response: { 200: z.string().describe('CSV with a header row') } } },
  );
};

export default operLogRoutes;
