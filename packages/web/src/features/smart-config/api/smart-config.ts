import type { Page } from '@herald/contract';
import { get, post, put, type Params } from '../../../lib/http';
import type { SmartConfigBody, SmartConfigUpdateBody, SmartConfigVersion } from './types';

/** SmartConfig app versions (operators only). */
export const listSmartConfig = (params: Params) => get<Page<SmartConfigVersion>>('/v1/smart-config', params);

export const getSmartConfig = (id: number) => get<SmartConfigVersion>(`/v1/smart-config/${id}`);

export const smartConfigQuery = (id: number) => ({
  queryKey: ['smart-config', id] as const,
  queryFn: () => getSmartConfig(id),
  enabled: id > 0,
});

export const createSmartConfig = (body: SmartConfigBody) => post<SmartConfigVersion>('/v1/smart-config', body);

export const updateSmartConfig = (id: number, body: SmartConfigUpdateBody) =>
  put<SmartConfigVersion>(`/v1/smart-config/${id}`, body);

/** Take a version off the public download (the reason is kept and shown). */
export const delistSmartConfig = (id: number, reason: string) =>
  post<SmartConfigVersion>(`/v1/smart-config/${id}/delist`, { reason });

/** Put a delisted version back; refused while a newer version is listed ('not consecutive'). */
export const relistSmartConfig = (id: number) => post<SmartConfigVersion>(`/v1/smart-config/${id}/list`);
