import { z } from 'zod';
import {
  accountNoticeConfigSchema,
  alertChannelsSchema,
  bigIdParamSchema,
  configReceiversBody,
  envelope,
  markReadAllBody,
  messageIdsBody,
  messageListQuery,
  messageSchema,
  noticeMsgConfigSchema,
  noticeMsgLanguageBody,
  noticeReceiversSchema,
  pageOf,
  setAlertChannelsBody,
  setNoticeMsgReceiveBody,
  unreadStatSchema,
} from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { ok } from '../../lib/envelope';
import * as channels from './channels';
import * as messages from './service';

const tags = ['messages'];
const BASE = '/v1/account-user-notice-msg';
/** Every signed-in user has an inbox; each statement names the caller, so nobody reads another's. */
const own = { access: {} } as const;
/** The account's own settings: its user administrators. */
const accountAdmin = (action: 'query' | 'edit') =>
  ({ access: { side: 'ac', permission: `herald.admin.ac.user.${action}` } }) as const;

const messageRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    `${BASE}/pageQuery`,
    {
      config: own,
      schema: {
        tags,
        summary: 'My messages (system notices and device alerts)',
        querystring: messageListQuery,
        response: { 200: envelope(pageOf(messageSchema)) },
      },
    },
    async (req) => ok(await messages.listMessages(deps, req.auth, req.query)),
  );
  app.get(
    `${BASE}/detail/:id`,
    {
      config: own,
      schema: {
        tags,
        summary: 'One of my messages; reading it marks it read',
        params: bigIdParamSchema,
        response: { 200: envelope(messageSchema) },
      },
    },
    async (req) => ok(await messages.messageDetail(deps, req.auth, req.params.id)),
  );
  app.post(
    `${BASE}/markRead`,
    {
      config: own,
      schema: { tags, summary: 'Mark messages read', body: messageIdsBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => ok(await messages.markRead(deps, req.auth, req.body.ids).then(() => null)),
  );
  // the spec's three GETs that change something are POSTs here (markReadAllBody in the contract says why)
  app.post(
    `${BASE}/markReadAll`,
    {
      config: own,
      schema: {
        tags,
        summary: 'Mark all my messages (of one category) read',
        body: markReadAllBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await messages.markAllRead(deps, req.auth, req.body.category).then(() => null)),
  );
  app.post(
    `${BASE}/delete`,
    {
      config: own,
      schema: { tags, summary: 'Delete messages', body: messageIdsBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => ok(await messages.deleteMessages(deps, req.auth, req.body.ids).then(() => null)),
  );
  app.get(
    `${BASE}/queryUnreadStat`,
    {
      config: own,
      schema: { tags, summary: 'My unread counts: all, system, alert', response: { 200: envelope(unreadStatSchema) } },
    },
    async (req) => ok(await messages.unreadStat(deps, req.auth)),
  );
  app.post(
    `${BASE}/setNoticeMsgLanguage`,
    {
      config: own,
      schema: {
        tags,
        summary: 'Set my message language',
        body: noticeMsgLanguageBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => ok(await messages.setLanguage(deps, req.auth, req.body.messageLanguage).then(() => null)),
  );
  app.get(
    `${BASE}/queryNoticeMsgConfig`,
    {
      config: own,
      schema: {
        tags,
        summary: 'My message settings: language, and whether I receive the account’s messages',
        response: { 200: envelope(noticeMsgConfigSchema) },
      },
    },
    async (req) => ok(await messages.messageConfig(deps, req.auth)),
  );
  app.get(
    `${BASE}/queryAccountNoticeMsgReceiver`,
    {
      config: accountAdmin('query'),
      schema: {
        tags,
        summary: 'Who receives the account’s notices and alerts, and who may',
        response: { 200: envelope(noticeReceiversSchema) },
      },
    },
    async (req) => ok(await messages.accountReceivers(deps, req.auth)),
  );
  app.post(
    `${BASE}/configAccountNoticeMsgReceiver`,
    {
      config: accountAdmin('edit'),
      schema: {
        tags,
        summary: 'Choose who receives the account’s notices and alerts (at least one)',
        body: configReceiversBody,
        response: { 200: envelope(noticeReceiversSchema) },
      },
    },
    async (req) => ok(await messages.configReceivers(deps, req.auth, req.body.userIds)),
  );
  app.get(
    '/v1/account/queryNoticeMsgConfig',
    {
      config: accountAdmin('query'),
      schema: {
        tags,
        summary: 'Which device alerts raise messages in the account',
        response: { 200: envelope(accountNoticeConfigSchema) },
      },
    },
    async (req) => ok(await messages.accountNoticeConfig(deps, req.auth)),
  );
  app.post(
    '/v1/account/setNoticeMsgReceive',
    {
      config: accountAdmin('edit'),
      schema: {
        tags,
        summary: 'Choose which device alerts raise messages in the account',
        body: setNoticeMsgReceiveBody,
        response: { 200: envelope(accountNoticeConfigSchema) },
      },
    },
    async (req) => ok(await messages.setAccountNoticeConfig(deps, req.auth, req.body.alertKinds)),
  );
  app.get(
    '/v1/account/queryAlertChannels',
    {
      config: accountAdmin('query'),
      schema: {
        tags,
        summary: 'How device alerts reach people: per recipient and kind in-app or e-mail, the alert address',
        response: { 200: envelope(alertChannelsSchema) },
      },
    },
    async (req) => ok(await channels.alertChannels(deps, req.auth)),
  );
  app.post(
    '/v1/account/setAlertChannels',
    {
      config: accountAdmin('edit'),
      schema: {
        tags,
        summary: 'Choose the alert channels per recipient and kind, the alert address (a signed webhook)',
        body: setAlertChannelsBody,
        response: { 200: envelope(alertChannelsSchema) },
      },
    },
    async (req) => ok(await channels.setAlertChannels(deps, req.auth, req.body)),
  );
};

export default messageRoutes;
