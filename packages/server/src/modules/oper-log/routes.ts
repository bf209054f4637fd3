import { z } from 'zod';
import { envelope, operLogExportQuery, operLogQuery, operLogSchema, pageOf } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as operLog from './service';

const tags = ['oper-log'];

const operLogRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/oper-logs',
    {
      config: { access: { permission: 'herald.oper.log.query' } },
      schema: {
        tags,
        summary: 'Operation log, newest first (account users: their own account)',
        querystring: operLogQuery,
        response: { 200: envelope(pageOf(operLogSchema)) },
      },
    },
    async (req) => ok(await operLog.listOperLogs(deps, req.auth, req.query, req.locale)),
  );

  app.get(
    '/v1/file/recordDownloadOperLog',
    {
      config: { access: { permission: 'herald.oper.log.export' } },
      schema: {
        tags,
        summary: 'Operation log as CSV (same filters, at most 50,000 rows)',
        querystring: operLogExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row') },
      },
    },
    async (req, reply) => {
      const csv = await operLog.exportOperLogs(deps, req.auth, req.query, req.locale);
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="oper-log-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

export default operLogRoutes;
