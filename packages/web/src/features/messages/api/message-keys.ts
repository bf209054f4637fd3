import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys of the caller's messages, in one place: whatever changes the read state or
 * removes messages (mark read, delete, opening a detail) refreshes the unread counts and every
 * list shown (the header bell's, the message list's) through `refreshMessages`.
 */
export const messageKeys = {
  all: ['messages'] as const,
  unreadStat: ['messages', 'unread-stat'] as const,
  lists: ['messages', 'list'] as const,
  list: (params: object) => ['messages', 'list', params] as const,
  detail: (id: number) => ['messages', 'detail', id] as const,
  config: ['messages', 'config'] as const,
  receivers: ['messages', 'receivers'] as const,
  alertKinds: ['messages', 'alert-kinds'] as const,
  alertChannels: ['messages', 'alert-channels'] as const,
};

/** After a change of read state or a deletion: the counts and the lists (not an open detail). */
export const refreshMessages = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: messageKeys.unreadStat }),
    queryClient.invalidateQueries({ queryKey: messageKeys.lists }),
  ]);
