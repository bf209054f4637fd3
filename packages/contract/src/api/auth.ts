import { z } from 'zod';
import { serverTimeResult, verifyPasswordBody } from '../schemas/auth';
import { route } from './route';

const PUBLIC = { public: true } as const;
const tags = ['auth'];

export const authApi = {
  serverDateTime: route({
    method: 'GET',
    path: '/v1/common/serverDateTime',
    response: serverTimeResult,
    access: PUBLIC,
    summary: 'Server date and time',
    tags,
  }),
  verifyPassword: route({
    method: 'POST',
    path: '/v1/common/verifyPassword',
    body: verifyPasswordBody,
    response: z.boolean(),
    access: {},
    summary: "Check the caller's own password (lock screen, revocations)",
    tags,
  }),
};
