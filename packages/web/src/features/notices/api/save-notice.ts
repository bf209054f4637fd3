import { del, post, put } from '../../../lib/http';
import type { Notice, NoticeBody } from './types';

/** Drafts only: the server refuses to change or delete a published notice. */
export const createNotice = (body: NoticeBody) => post<Notice>('/v1/notices', body);
export const updateNotice = (id: number, body: Partial<NoticeBody>) => put<Notice>(`/v1/notices/${id}`, body);
export const deleteNotice = (id: number) => del<null>(`/v1/notices/${id}`);
/** Delivers one system message to each receiver of each target account; the notice is then fixed. */
export const publishNotice = (id: number) => post<Notice>(`/v1/notices/${id}/publish`);
