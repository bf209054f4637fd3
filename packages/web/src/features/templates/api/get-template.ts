import { templatesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getTemplate = (id: number) => call(templatesApi.get, { params: { id } });

export const templateQuery = (id: number) => ({
  queryKey: ['templates', id] as const,
  queryFn: () => getTemplate(id),
  enabled: id > 0,
});
