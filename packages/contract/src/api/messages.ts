import { z } from 'zod';
import {
  accountNoticeConfigSchema,
  configReceiversBody,
  markReadAllBody,
  messageIdsBody,
  messageListQuery,
  messageSchema,
  noticeMsgConfigSchema,
  noticeMsgLanguageBody,
  noticeReceiversSchema,
  setNoticeMsgReceiveBody,
  unreadStatSchema,
} from '../schemas/notices';
import { bigIdParamSchema, pageOf } from '../envelope';
import { alertChannelsSchema, setAlertChannelsBody } from '../schemas/alert-channels';
import { route } from './route';

const tags = ['messages'];
/** Every signed-in user has an inbox; each statement names the caller, so nobody reads another's. */
const own = {} as const;
/** The account's own settings: its user administrators. */
const accountAdmin = (action: 'query' | 'edit') =>
  ({ side: 'ac', permission: `herald.admin.ac.user.${action}` }) as const;

export const messagesApi = {
  list: route({
    method: 'GET',
    path: '/v1/account-user-notice-msg/pageQuery',
    query: messageListQuery,
    response: pageOf(messageSchema),
    access: own,
    summary: 'My messages (system notices and device alerts)',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/account-user-notice-msg/detail/:id',
    params: bigIdParamSchema,
    response: messageSchema,
    access: own,
    summary: 'One of my messages; reading it marks it read',
    tags,
  }),
  markRead: route({
    method: 'POST',
    path: '/v1/account-user-notice-msg/markRead',
    body: messageIdsBody,
    response: z.null(),
    access: own,
    summary: 'Mark messages read',
    tags,
  }),
  // the spec's three GETs that change something are POSTs here (markReadAllBody in the contract says why)
  markReadAll: route({
    method: 'POST',
    path: '/v1/account-user-notice-msg/markReadAll',
    body: markReadAllBody,
    response: z.null(),
    access: own,
    summary: 'Mark all my messages (of one category) read',
    tags,
  }),
  remove: route({
    method: 'POST',
    path: '/v1/account-user-notice-msg/delete',
    body: messageIdsBody,
    response: z.null(),
    access: own,
    summary: 'Delete messages',
    tags,
  }),
  queryUnreadStat: route({
    method: 'GET',
    path: '/v1/account-user-notice-msg/queryUnreadStat',
    response: unreadStatSchema,
    access: own,
    summary: 'My unread counts: all, system, alert',
    tags,
  }),
  setNoticeMsgLanguage: route({
    method: 'POST',
    path: '/v1/account-user-notice-msg/setNoticeMsgLanguage',
    body: noticeMsgLanguageBody,
    response: z.null(),
    access: own,
    summary: 'Set my message language',
    tags,
  }),
  queryNoticeMsgConfig: route({
    method: 'GET',
    path: '/v1/account-user-notice-msg/queryNoticeMsgConfig',
    response: noticeMsgConfigSchema,
    access: own,
    summary: 'My message settings: language, and whether I receive the account’s messages',
    tags,
  }),
  queryAccountNoticeMsgReceiver: route({
    method: 'GET',
    path: '/v1/account-user-notice-msg/queryAccountNoticeMsgReceiver',
    response: noticeReceiversSchema,
    access: accountAdmin('query'),
    summary: 'Who receives the account’s notices and alerts, and who may',
    tags,
  }),
  configAccountNoticeMsgReceiver: route({
    method: 'POST',
    path: '/v1/account-user-notice-msg/configAccountNoticeMsgReceiver',
    body: configReceiversBody,
    response: noticeReceiversSchema,
    access: accountAdmin('edit'),
    summary: 'Choose who receives the account’s notices and alerts (at least one)',
    tags,
  }),
  accountQueryNoticeMsgConfig: route({
    method: 'GET',
    path: '/v1/account/queryNoticeMsgConfig',
    response: accountNoticeConfigSchema,
    access: accountAdmin('query'),
    summary: 'Which device alerts raise messages in the account',
    tags,
  }),
  accountSetNoticeMsgReceive: route({
    method: 'POST',
    path: '/v1/account/setNoticeMsgReceive',
    body: setNoticeMsgReceiveBody,
    response: accountNoticeConfigSchema,
    access: accountAdmin('edit'),
    summary: 'Choose which device alerts raise messages in the account',
    tags,
  }),
  accountQueryAlertChannels: route({
    method: 'GET',
    path: '/v1/account/queryAlertChannels',
    response: alertChannelsSchema,
    access: accountAdmin('query'),
    summary: 'How device alerts reach people: per recipient and kind in-app or e-mail, the alert address',
    tags,
  }),
  accountSetAlertChannels: route({
    method: 'POST',
    path: '/v1/account/setAlertChannels',
    body: setAlertChannelsBody,
    response: alertChannelsSchema,
    access: accountAdmin('edit'),
    summary: 'Choose the alert channels per recipient and kind, the alert address (a signed webhook)',
    tags,
  }),
};
