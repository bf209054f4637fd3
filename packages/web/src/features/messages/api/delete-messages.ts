import { post } from '../../../lib/http';

export const deleteMessages = (ids: number[]) => post<null>('/v1/account-user-notice-msg/delete', { ids });
