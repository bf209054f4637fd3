import { messagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { messageKeys } from './message-keys';

/** The server marks the message read as it answers. */
export const getMessage = (id: number) => call(messagesApi.get, { params: { id } });

export const messageDetailQuery = (id: number) => ({
  queryKey: messageKeys.detail(id),
  queryFn: () => getMessage(id),
  enabled: id > 0,
  staleTime: 0,
});
