import { UNREAD_POLL_MS } from '@herald/contract';
import { get } from '../../../lib/http';
import { messageKeys } from './message-keys';
import type { UnreadStat } from './types';

/**
 * Unread counts (all, system, alert): asked again on the live feed's `unread` event (MessageBell),
 * every UNREAD_POLL_MS where no live feed runs, and when the window regains focus. A failed poll
 * stays quiet; the next one tries again.
 */
export const unreadStatQuery = () => ({
  queryKey: messageKeys.unreadStat,
  queryFn: () => get<UnreadStat>('/v1/account-user-notice-msg/queryUnreadStat', undefined, { silent: true }),
  refetchInterval: UNREAD_POLL_MS,
  refetchOnWindowFocus: true,
  staleTime: 0,
});
