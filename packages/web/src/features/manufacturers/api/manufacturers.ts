import { fleetCommonApi, manufacturersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';
import type { ManufacturerBody } from './types';

export const listManufacturers = (params: Params) => call(manufacturersApi.list, { query: params });
export const createManufacturer = (body: ManufacturerBody) => call(manufacturersApi.create, { body });
export const updateManufacturer = (id: number, body: Partial<ManufacturerBody>) =>
  call(manufacturersApi.update, { params: { id }, body });
export const deleteManufacturer = (id: number) => call(manufacturersApi.remove, { params: { id } });

export const manufacturerOptionsQuery = () => ({
  queryKey: ['common', 'manufacturerListQuery', null] as const,
  queryFn: () => call(fleetCommonApi.manufacturerListQuery),
});
