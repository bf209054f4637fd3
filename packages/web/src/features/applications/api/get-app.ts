import type { Application as App } from '@herald/contract';
import { get } from '../../../lib/http';

export const getApp = (id: number) => get<App>(`/v1/applications/${id}`);

export const appQuery = (id: number) => ({
  queryKey: ['applications', id] as const,
  queryFn: () => getApp(id),
  enabled: id > 0,
});
