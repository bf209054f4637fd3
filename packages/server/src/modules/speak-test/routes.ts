import { z } from 'zod';
import {
  envelope,
  bigIdParamSchema,
  openJobAccepted,
  speakTestDeviceSchema,
  speakTestJobSchema,
  speakTestSendBody,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as speakTest from './service';

const tags = ['speak-test'];
/**
 * One permission for the whole screen (the menu code, or its only action 'query' as role editors
 * grant it); speakers belong to accounts, so account side only.
 */
const AC = {
  access: { side: 'ac', permission: ['herald.dev.speak.test', 'herald.dev.speak.test.query'] },
} as const;

const speakTestRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/speak-test/devices',
    {
      config: AC,
      schema: {
        tags,
        summary: "The account's speakers (online first), to pick the test's target",
        response: { 200: envelope(z.array(speakTestDeviceSchema)) },
      },
    },
    async (req) => ok(await speakTest.speakers(deps, req.auth)),
  );
  app.post(
    '/v1/speak-test/send',
    {
      config: AC,
      schema: {
        tags,
        summary: 'Send a text or an amount to a speaker of the account (a console job)',
        body: speakTestSendBody,
        response: { 200: envelope(openJobAccepted) },
      },
    },
    async (req) => ok(await speakTest.send(deps, req.auth, req.body)),
  );
  app.get(
    '/v1/speak-test/job/:id',
    {
      config: AC,
      schema: {
        tags,
        summary: "A job of the account, to follow the test's progress",
        params: bigIdParamSchema,
        response: { 200: envelope(speakTestJobSchema) },
      },
    },
    async (req) => ok(await speakTest.job(deps, req.auth, req.params.id)),
  );
};

export default speakTestRoutes;
