import { z } from 'zod';
import {
  tradeSpeakSettingBody,
  tradeSpeakSettingSchema,
  voiceClipSchema,
  voicePackQuery,
} from '../schemas/trade-speak';
import { route } from './route';

const tags = ['trade-speak'];
/** The setting belongs to an account: reading needs the menu, saving its 'setting' button. */
const READ = { side: 'ac', permission: 'herald.stat.speak.rec' } as const;
const WRITE = { side: 'ac', permission: 'herald.stat.speak.rec.setting' } as const;

export const tradeSpeakApi = {
  setting: route({
    method: 'GET',
    path: '/v1/trade-speak/setting',
    response: tradeSpeakSettingSchema,
    access: READ,
    summary: "The account's transaction broadcast setting (defaults until saved)",
    tags,
  }),
  saveSetting: route({
    method: 'POST',
    path: '/v1/trade-speak/setting',
    body: tradeSpeakSettingBody,
    response: tradeSpeakSettingSchema,
    access: WRITE,
    summary: 'Save the transaction broadcast setting',
    tags,
  }),
  voicePack: route({
    method: 'GET',
    path: '/v1/trade-speak/voice-pack',
    query: voicePackQuery,
    response: z.array(voiceClipSchema),
    access: { permission: 'herald.stat.speak.rec' },
    summary: "A language's voice-pack manifest: clip ids and the words each clip speaks",
    tags,
  }),
};
