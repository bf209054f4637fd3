import { z } from 'zod';
import {
  envelope,
  tradeSpeakSettingBody,
  tradeSpeakSettingSchema,
  voiceClipSchema,
  voicePackQuery,
} from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as tradeSpeak from './service';

const tags = ['trade-speak'];
/** The setting belongs to an account: reading needs the menu, saving its 'setting' button. */
const READ = { access: { side: 'ac', permission: 'herald.stat.speak.rec' } } as const;
const WRITE = { access: { side: 'ac', permission: 'herald.stat.speak.rec.setting' } } as const;

const tradeSpeakRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/trade-speak/setting',
    {
      config: READ,
      schema: {
        tags,
        summary: "The account's transaction broadcast setting (defaults until saved)",
        response: { 200: envelope(tradeSpeakSettingSchema) },
      },
    },
    async (req) => ok(await tradeSpeak.getSetting(deps, req.auth)),
  );
  app.post(
    '/v1/trade-speak/setting',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Save the transaction broadcast setting',
        body: tradeSpeakSettingBody,
        response: { 200: envelope(tradeSpeakSettingSchema) },
      },
    },
    async (req) => ok(await tradeSpeak.saveSetting(deps, req.auth, req.body)),
  );
  app.get(
    '/v1/trade-speak/voice-pack',
    {
      // operators ship voice packs too: the menu permission on either side
      config: { access: { permission: 'herald.stat.speak.rec' } },
      schema: {
        tags,
        summary: "A language's voice-pack manifest: clip ids and the words each clip speaks",
        querystring: voicePackQuery,
        response: { 200: envelope(z.array(voiceClipSchema)) },
      },
    },
    async (req) => ok(tradeSpeak.voicePackOf(req.query.language)),
  );
};

export default tradeSpeakRoutes;
