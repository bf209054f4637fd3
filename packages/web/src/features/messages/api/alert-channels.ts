import { messagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { SetAlertChannelsBody } from '@herald/contract';
import { messageKeys } from './message-keys';

/** How the account's alerts reach people: per recipient and kind, the alert address, the battery threshold. */
export const alertChannelsQuery = (enabled: boolean) => ({
  queryKey: messageKeys.alertChannels,
  queryFn: () => call(messagesApi.accountQueryAlertChannels),
  enabled,
  staleTime: 0,
});

export const setAlertChannels = (body: SetAlertChannelsBody) => call(messagesApi.accountSetAlertChannels, { body });
