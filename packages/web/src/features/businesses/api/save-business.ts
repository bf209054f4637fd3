import { businessesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { BusinessBody } from './types';

export const createBusiness = (body: BusinessBody) => call(businessesApi.create, { body });
export const updateBusiness = (id: number, body: BusinessBody) => call(businessesApi.update, { params: { id }, body });
export const deleteBusiness = (id: number) => call(businessesApi.remove, { params: { id } });
