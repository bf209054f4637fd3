import type { Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

/** The record lists under `/v1/records/<area>`; one list and one detail call each. */
export type RecordArea = 'print' | 'broadcast' | 'trade' | 'general' | 'publish' | 'delivery';

export const listRecords = <T>(area: RecordArea, params: Params) => get<Page<T>>(`/v1/records/${area}`, params);

export const recordQuery = <T>(area: RecordArea, id: number) => ({
  queryKey: ['records', area, id] as const,
  queryFn: () => get<T>(`/v1/records/${area}/${id}`),
  enabled: id > 0,
});
