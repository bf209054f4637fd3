import { get } from '../../../lib/http';
import type { Template } from './types';

export const getTemplate = (id: number) => get<Template>(`/v1/templates/${id}`);

export const templateQuery = (id: number) => ({
  queryKey: ['templates', id] as const,
  queryFn: () => getTemplate(id),
  enabled: id > 0,
});
