import { operLogApi } from '@herald/contract';
import { downloadFrom } from '../../../lib/api-client';
import type { Params } from '../../../lib/http';

/** CSV of the filtered log; the call needs the bearer header, so it is fetched and saved as a blob. */
export const exportOperLogs = (filters: Params) =>
  downloadFrom(operLogApi.exportCsv, undefined, filters, 'oper-log.csv');
