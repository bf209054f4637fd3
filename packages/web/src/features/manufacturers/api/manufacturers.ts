import type { Manufacturer, Page } from '@herald/contract';
import { del, get, post, put, type Params } from '../../../lib/http';
import type { ManufacturerBody } from './types';

export const listManufacturers = (params: Params) => get<Page<Manufacturer>>('/v1/manufacturers', params);
export const createManufacturer = (body: ManufacturerBody) => post<Manufacturer>('/v1/manufacturers', body);
export const updateManufacturer = (id: number, body: Partial<ManufacturerBody>) =>
  put<Manufacturer>(`/v1/manufacturers/${id}`, body);
export const deleteManufacturer = (id: number) => del<unknown>(`/v1/manufacturers/${id}`);

export const manufacturerOptionsQuery = () => ({
  queryKey: ['common', 'manufacturerListQuery', null] as const,
  queryFn: () => get<{ id: number; name: string; code: string }[]>('/v1/common/manufacturerListQuery'),
});
