import type { ModelOption } from '@herald/contract';
import { get } from '../../../lib/http';

/** Printer models a template can be made for (account users get enabled models only). */
export const printerModelsQuery = () => ({
  queryKey: ['common', 'modelListQuery', null] as const,
  queryFn: () => get<ModelOption[]>('/v1/common/modelListQuery'),
  select: (models: ModelOption[]) => models.filter((m) => m.type === 'printer'),
});
