import { messagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { MessageCategory } from './types';

export const markRead = (ids: number[]) => call(messagesApi.markRead, { body: { ids } });
/** Every unread message of a category, or of both when none is given. */
export const markReadAll = (category?: MessageCategory) => call(messagesApi.markReadAll, { body: { category } });
