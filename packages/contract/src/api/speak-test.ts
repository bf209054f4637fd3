import { z } from 'zod';
import { speakTestDeviceSchema, speakTestJobSchema, speakTestSendBody } from '../schemas/speak-test';
import { openJobAccepted } from '../schemas/open-api';
import { bigIdParamSchema } from '../envelope';
import { route } from './route';

const tags = ['speak-test'];
/**
 * One permission for the whole screen (the menu code, or its only action 'query' as role editors
 * grant it); speakers belong to accounts, so account side only.
 */
const AC = { side: 'ac', permission: ['herald.dev.speak.test', 'herald.dev.speak.test.query'] } as const;

export const speakTestApi = {
  devices: route({
    method: 'GET',
    path: '/v1/speak-test/devices',
    response: z.array(speakTestDeviceSchema),
    access: AC,
    summary: "The account's speakers (online first), to pick the test's target",
    tags,
  }),
  send: route({
    method: 'POST',
    path: '/v1/speak-test/send',
    body: speakTestSendBody,
    response: openJobAccepted,
    access: AC,
    summary: 'Send a text or an amount to a speaker of the account (a console job)',
    tags,
  }),
  job: route({
    method: 'GET',
    path: '/v1/speak-test/job/:id',
    params: bigIdParamSchema,
    response: speakTestJobSchema,
    access: AC,
    summary: "A job of the account, to follow the test's progress",
    tags,
  }),
};
