import { mailListQuery, mailSchema } from '../schemas/oper-log';
import { pageOf } from '../envelope';
import { route } from './route';

export const mailApi = {
  list: route({
    method: 'GET',
    path: '/v1/mails',
    query: mailListQuery,
    response: pageOf(mailSchema),
    access: { side: 'op', superAdmin: true },
    summary: 'Mail outbox, newest first (operator super-administrator only)',
    tags: ['mail'],
  }),
};
