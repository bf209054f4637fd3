import { UNREAD_POLL_MS, messagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import { messageKeys } from './message-keys';

/**
 * Unread counts (all, system, alert): asked again on the live feed's `unread` event (MessageBell),
 * every UNREAD_POLL_MS where no live feed runs, and when the window regains focus. A failed poll
 * stays quiet; the next one tries again.
 */
export const unreadStatQuery = () => ({
  queryKey: messageKeys.unreadStat,
  queryFn: () => call(messagesApi.queryUnreadStat, undefined, { silent: true }),
  refetchInterval: UNREAD_POLL_MS,
  refetchOnWindowFocus: true,
  staleTime: 0,
});
