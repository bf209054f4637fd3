import { messagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const deleteMessages = (ids: number[]) => call(messagesApi.remove, { body: { ids } });
