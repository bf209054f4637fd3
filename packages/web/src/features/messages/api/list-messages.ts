import { messagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';
import { messageKeys } from './message-keys';
import type { MessageCategory } from './types';

export const listMessages = (params: Params) => call(messagesApi.list, { query: params });

export const messagePageQuery = (params: Params) => ({
  queryKey: messageKeys.list(params),
  queryFn: () => listMessages(params),
  staleTime: 0,
});

/** How many unread messages the header bell lists per category. */
export const LATEST_UNREAD = 5;

/** The latest unread messages of a category, for the header bell. */
export const latestUnreadQuery = (category: MessageCategory) =>
  messagePageQuery({
    category,
    unread: true,
    page: 1,
    pageSize: LATEST_UNREAD,
    sortField: 'createdAt',
    sortOrder: 'descend',
  });
