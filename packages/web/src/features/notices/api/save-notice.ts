import { noticesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { NoticeBody } from './types';

/** Drafts only: the server refuses to change or delete a published notice. */
export const createNotice = (body: NoticeBody) => call(noticesApi.create, { body });
export const updateNotice = (id: number, body: Partial<NoticeBody>) =>
  call(noticesApi.update, { params: { id }, body });
export const deleteNotice = (id: number) => call(noticesApi.remove, { params: { id } });
/** Delivers one system message to each receiver of each target account; the notice is then fixed. */
export const publishNotice = (id: number) => call(noticesApi.publish, { params: { id } });
