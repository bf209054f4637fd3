import { fleetCommonApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { ModelOption } from '@herald/contract';

/** Printer models a template can be made for (account users get enabled models only). */
export const printerModelsQuery = () => ({
  queryKey: ['common', 'modelListQuery', null] as const,
  queryFn: () => call(fleetCommonApi.modelListQuery),
  select: (models: ModelOption[]) => models.filter((m) => m.type === 'printer'),
});
