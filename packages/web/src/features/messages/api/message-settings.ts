import { messagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { MessageLanguage, SetNoticeMsgReceiveBody } from '@herald/contract';
import { messageKeys } from './message-keys';

/** The caller's own settings: message language, and whether they receive the account's messages. */
export const noticeMsgConfigQuery = (enabled: boolean) => ({
  queryKey: messageKeys.config,
  queryFn: () => call(messagesApi.queryNoticeMsgConfig),
  enabled,
  staleTime: 0,
});

export const setNoticeMsgLanguage = (messageLanguage: MessageLanguage) =>
  call(messagesApi.setNoticeMsgLanguage, { body: { messageLanguage } });

/** The account's message recipients and the users who may be chosen (account side). */
export const receiversQuery = (enabled: boolean) => ({
  queryKey: messageKeys.receivers,
  queryFn: () => call(messagesApi.queryAccountNoticeMsgReceiver),
  enabled,
  staleTime: 0,
});

export const configReceivers = (userIds: number[]) =>
  call(messagesApi.configAccountNoticeMsgReceiver, { body: { userIds } });

/** Which device alerts raise messages for the account. */
export const alertKindsQuery = (enabled: boolean) => ({
  queryKey: messageKeys.alertKinds,
  queryFn: () => call(messagesApi.accountQueryNoticeMsgConfig),
  enabled,
  staleTime: 0,
});

export const setAlertKinds = (body: SetNoticeMsgReceiveBody) => call(messagesApi.accountSetNoticeMsgReceive, { body });
