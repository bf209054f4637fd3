import { get } from '../../../lib/http';
import type { Business } from './types';

export const getBusiness = (id: number) => get<Business>(`/v1/businesses/${id}`);

export const businessQuery = (id: number) => ({
  queryKey: ['businesses', id] as const,
  queryFn: () => getBusiness(id),
  enabled: id > 0,
});
