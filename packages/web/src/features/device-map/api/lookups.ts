import type { GroupOption, ModelOption } from '@herald/contract';
import { get } from '../../../lib/http';

/** The model and group filters' options (the same cache entries as the device list's). */
const lookup = <T>(name: string, enabled = true) => ({
  queryKey: ['common', name, null] as const,
  queryFn: () => get<T[]>(`/v1/common/${name}`),
  enabled,
});

export const modelOptionsQuery = () => lookup<ModelOption>('modelListQuery');
/** Groups belong to one account: the account side only. */
export const groupOptionsQuery = (enabled: boolean) => lookup<GroupOption>('groupListQuery', enabled);
