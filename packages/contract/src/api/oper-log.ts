import { operLogQuery, operLogSchema } from '../schemas/oper-log';
import { pageOf } from '../envelope';
import { operLogExportQuery } from '../schemas/oper-log';
import { route } from './route';

const tags = ['oper-log'];

export const operLogApi = {
  list: route({
    method: 'GET',
    path: '/v1/oper-logs',
    query: operLogQuery,
    response: pageOf(operLogSchema),
    access: { permission: 'herald.oper.log.query' },
    summary: 'Operation log, newest first (account users: their own account)',
    tags,
  }),
  /** a CSV file, not an envelope (the registration documents it as text/csv) */
  exportCsv: route({
    method: 'GET',
    path: '/v1/file/recordDownloadOperLog',
    query: operLogExportQuery,
    response: 'file',
    access: { permission: 'herald.oper.log.export' },
    summary: 'Operation log as CSV (same filters, at most 50,000 rows)',
    tags,
  }),
};
