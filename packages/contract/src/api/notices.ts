import { z } from 'zod';
import { idParamSchema, pageOf } from '../envelope';
import { createNoticeBody, noticeListQuery, noticeSchema, updateNoticeBody } from '../schemas/notices';
import { route } from './route';

const tags = ['notices'];
/** Notices are the operators' (screen /notice/list). */
const op = (action: string) => ({ side: 'op', permission: `herald.op.notice.${action}` }) as const;

export const noticesApi = {
  list: route({
    method: 'GET',
    path: '/v1/notices',
    query: noticeListQuery,
    response: pageOf(noticeSchema),
    access: op('query'),
    summary: 'List notices',
    tags,
  }),
  create: route({
    method: 'POST',
    path: '/v1/notices',
    body: createNoticeBody,
    response: noticeSchema,
    access: op('add'),
    summary: 'Write a notice (a draft)',
    tags,
  }),
  get: route({
    method: 'GET',
    path: '/v1/notices/:id',
    params: idParamSchema,
    response: noticeSchema,
    access: op('query'),
    summary: 'Notice detail',
    tags,
  }),
  update: route({
    method: 'PUT',
    path: '/v1/notices/:id',
    params: idParamSchema,
    body: updateNoticeBody,
    response: noticeSchema,
    access: op('edit'),
    summary: 'Edit a draft notice',
    tags,
  }),
  remove: route({
    method: 'DELETE',
    path: '/v1/notices/:id',
    params: idParamSchema,
    response: z.null(),
    access: op('delete'),
    summary: 'Delete a draft notice',
    tags,
  }),
  publish: route({
    method: 'POST',
    path: '/v1/notices/:id/publish',
    params: idParamSchema,
    response: noticeSchema,
    access: op('publish'),
    summary: 'Publish a draft: its target accounts’ receivers get it as a message',
    tags,
  }),
};
