import { del, post, put } from '../../../lib/http';
import type { Business, BusinessBody } from './types';

export const createBusiness = (body: BusinessBody) => post<Business>('/v1/businesses', body);
export const updateBusiness = (id: number, body: BusinessBody) => put<Business>(`/v1/businesses/${id}`, body);
export const deleteBusiness = (id: number) => del<null>(`/v1/businesses/${id}`);
