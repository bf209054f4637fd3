import { get } from '../../../lib/http';
import { messageKeys } from './message-keys';
import type { InAppMessage } from './types';

/** The server marks the message read as it answers. */
export const getMessage = (id: number) => get<InAppMessage>(`/v1/account-user-notice-msg/detail/${id}`);

export const messageDetailQuery = (id: number) => ({
  queryKey: messageKeys.detail(id),
  queryFn: () => getMessage(id),
  enabled: id > 0,
  staleTime: 0,
});
