import { smartConfigApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import type { Params } from '../../../lib/http';
import type { SmartConfigBody, SmartConfigUpdateBody } from './types';

/** SmartConfig app versions (operators only). */
export const listSmartConfig = (params: Params) => call(smartConfigApi.list, { query: params });

export const getSmartConfig = (id: number) => call(smartConfigApi.get, { params: { id } });

export const smartConfigQuery = (id: number) => ({
  queryKey: ['smart-config', id] as const,
  queryFn: () => getSmartConfig(id),
  enabled: id > 0,
});

export const createSmartConfig = (body: SmartConfigBody) => call(smartConfigApi.create, { body });

export const updateSmartConfig = (id: number, body: SmartConfigUpdateBody) =>
  call(smartConfigApi.update, { params: { id }, body });

/** Take a version off the public download (the reason is kept and shown). */
export const delistSmartConfig = (id: number, reason: string) =>
  call(smartConfigApi.delist, { params: { id }, body: { reason } });

/** Put a delisted version back; refused while a newer version is listed ('not consecutive'). */
export const relistSmartConfig = (id: number) => call(smartConfigApi.listPost, { params: { id } });
