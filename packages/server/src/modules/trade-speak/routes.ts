import { tradeSpeakApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as tradeSpeak from './service';

const tradeSpeakRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.setting, async (req) => ok(await tradeSpeak.getSetting(deps, req.auth)));
  register(app, api.saveSetting, async (req) => ok(await tradeSpeak.saveSetting(deps, req.auth, req.body)));
  register(app, api.voicePack, async (req) => ok(tradeSpeak.voicePackOf(req.query.language)));
};

export default tradeSpeakRoutes;
