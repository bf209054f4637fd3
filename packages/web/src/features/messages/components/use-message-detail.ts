import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messageDetailQuery } from '../api/get-message';
import { refreshMessages } from '../api/message-keys';

/**
 * One message for its page. The server marks it read as it answers, so every answer refreshes
 * the unread counts and the lists.
 */
export function useMessageDetail(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery(messageDetailQuery(id));
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt) void refreshMessages(queryClient);
  }, [dataUpdatedAt, queryClient]);
  return query;
}
