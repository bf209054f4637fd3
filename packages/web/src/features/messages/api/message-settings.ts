import type { MessageLanguage, SetNoticeMsgReceiveBody } from '@herald/contract';
import { get, post } from '../../../lib/http';
import { messageKeys } from './message-keys';
import type { AccountNoticeConfig, NoticeMsgConfig, NoticeReceivers } from './types';

const BASE = '/v1/account-user-notice-msg';

/** The caller's own settings: message language, and whether they receive the account's messages. */
export const noticeMsgConfigQuery = (enabled: boolean) => ({
  queryKey: messageKeys.config,
  queryFn: () => get<NoticeMsgConfig>(`${BASE}/queryNoticeMsgConfig`),
  enabled,
  staleTime: 0,
});

export const setNoticeMsgLanguage = (messageLanguage: MessageLanguage) =>
  post<null>(`${BASE}/setNoticeMsgLanguage`, { messageLanguage });

/** The account's message recipients and the users who may be chosen (account side). */
export const receiversQuery = (enabled: boolean) => ({
  queryKey: messageKeys.receivers,
  queryFn: () => get<NoticeReceivers>(`${BASE}/queryAccountNoticeMsgReceiver`),
  enabled,
  staleTime: 0,
});

export const configReceivers = (userIds: number[]) =>
  post<NoticeReceivers>(`${BASE}/configAccountNoticeMsgReceiver`, { userIds });

/** Which device alerts raise messages for the account. */
export const alertKindsQuery = (enabled: boolean) => ({
  queryKey: messageKeys.alertKinds,
  queryFn: () => get<AccountNoticeConfig>('/v1/account/queryNoticeMsgConfig'),
  enabled,
  staleTime: 0,
});

export const setAlertKinds = (body: SetNoticeMsgReceiveBody) =>
  post<AccountNoticeConfig>('/v1/account/setNoticeMsgReceive', body);
