import { recordsApi, type Page } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { Params } from '../../../lib/http';

/** The record lists, one list and one detail route each. */
export type RecordArea = 'print' | 'broadcast' | 'trade' | 'general' | 'publish' | 'delivery';

const LIST = {
  print: recordsApi.listPrint,
  broadcast: recordsApi.listBroadcast,
  trade: recordsApi.listTrade,
  general: recordsApi.listGeneral,
  publish: recordsApi.listPublish,
  delivery: recordsApi.listDelivery,
} as const;
const DETAIL = {
  print: recordsApi.getPrint,
  broadcast: recordsApi.getBroadcast,
  trade: recordsApi.getTrade,
  general: recordsApi.getGeneral,
  publish: recordsApi.getPublish,
  delivery: recordsApi.getDelivery,
} as const;

// the table and the detail page are shared by the areas: the caller names the row type it shows
export const listRecords = <T>(area: RecordArea, query: Params) =>
  call(LIST[area], { query }) as Promise<unknown> as Promise<Page<T>>;

export const recordQuery = <T>(area: RecordArea, id: number) => ({
  queryKey: ['records', area, id] as const,
  queryFn: () => call(DETAIL[area], { params: { id } }) as Promise<unknown> as Promise<T>,
  enabled: id > 0,
});
