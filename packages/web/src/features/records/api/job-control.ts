import { recordsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Job control on print and broadcast records: cancel one still waiting, send a finished one again. */
export type ControlArea = 'print' | 'broadcast';

export const cancelRecord = (area: ControlArea, id: number) =>
  call(area === 'print' ? recordsApi.cancelPrint : recordsApi.cancelBroadcast, { params: { id } });
export const reprintRecord = (area: ControlArea, id: number) =>
  call(area === 'print' ? recordsApi.reprintPrint : recordsApi.reprintBroadcast, { params: { id } });
