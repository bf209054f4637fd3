import type { AccountUserOption, AppOption, GroupOption, ManufacturerOption, ModelOption } from '@herald/contract';
import { get } from '../../../lib/http';

/** Lookups for the device forms and filters; operators may name the account. */
const lookup = <T>(name: string, accountId?: number, enabled = true) => ({
  queryKey: ['common', name, accountId ?? null] as const,
  queryFn: () => get<T[]>(`/v1/common/${name}`, { accountId }),
  enabled,
});

export const modelOptionsQuery = (accountId?: number) => lookup<ModelOption>('modelListQuery', accountId);
export const groupOptionsQuery = (accountId?: number, enabled = true) =>
  lookup<GroupOption>('groupListQuery', accountId, enabled);
export const appOptionsQuery = (accountId?: number, enabled = true) =>
  lookup<AppOption>('appListQuery', accountId, enabled);
export const manufacturerOptionsQuery = (enabled = true) =>
  lookup<ManufacturerOption>('manufacturerListQuery', undefined, enabled);
/** The account's users, whom devices are assigned to. */
export const accountUserOptionsQuery = (accountId?: number, enabled = true) =>
  lookup<AccountUserOption>('accountUserListQuery', accountId, enabled);
