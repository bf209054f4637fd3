import type { AlertChannels, SetAlertChannelsBody } from '@herald/contract';
import { get, post } from '../../../lib/http';
import { messageKeys } from './message-keys';

/** How the account's alerts reach people: per recipient and kind, the alert address, the battery threshold. */
export const alertChannelsQuery = (enabled: boolean) => ({
  queryKey: messageKeys.alertChannels,
  queryFn: () => get<AlertChannels>('/v1/account/queryAlertChannels'),
  enabled,
  staleTime: 0,
});

export const setAlertChannels = (body: SetAlertChannelsBody) =>
  post<AlertChannels>('/v1/account/setAlertChannels', body);
