import { post } from '../../../lib/http';
import type { MessageCategory } from './types';

export const markRead = (ids: number[]) => post<null>('/v1/account-user-notice-msg/markRead', { ids });
/** Every unread message of a category, or of both when none is given. */
export const markReadAll = (category?: MessageCategory) =>
  post<null>('/v1/account-user-notice-msg/markReadAll', { category });
