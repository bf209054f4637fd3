import { messagesApi as api } from '@herald/contract';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { ok } from '../../lib/envelope';
import * as channels from './channels';
import * as messages from './service';

const messageRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await messages.listMessages(deps, req.auth, req.query)));
  register(app, api.get, async (req) => ok(await messages.messageDetail(deps, req.auth, req.params.id)));
  register(app, api.markRead, async (req) =>
    ok(await messages.markRead(deps, req.auth, req.body.ids).then(() => null)),
  );
  // the spec's three GETs that change something are POSTs here (markReadAllBody in the contract says why)
  register(app, api.markReadAll, async (req) =>
    ok(await messages.markAllRead(deps, req.auth, req.body.category).then(() => null)),
  );
  register(app, api.remove, async (req) =>
    ok(await messages.deleteMessages(deps, req.auth, req.body.ids).then(() => null)),
  );
  register(app, api.queryUnreadStat, async (req) => ok(await messages.unreadStat(deps, req.auth)));
  register(app, api.setNoticeMsgLanguage, async (req) =>
    ok(await messages.setLanguage(deps, req.auth, req.body.messageLanguage).then(() => null)),
  );
  register(app, api.queryNoticeMsgConfig, async (req) => ok(await messages.messageConfig(deps, req.auth)));
  register(app, api.queryAccountNoticeMsgReceiver, async (req) => ok(await messages.accountReceivers(deps, req.auth)));
  register(app, api.configAccountNoticeMsgReceiver, async (req) =>
    ok(await messages.configReceivers(deps, req.auth, req.body.userIds)),
  );
  register(app, api.accountQueryNoticeMsgConfig, async (req) => ok(await messages.accountNoticeConfig(deps, req.auth)));
  register(app, api.accountSetNoticeMsgReceive, async (req) =>
    ok(await messages.setAccountNoticeConfig(deps, req.auth, req.body.alertKinds)),
  );
  register(app, api.accountQueryAlertChannels, async (req) => ok(await channels.alertChannels(deps, req.auth)));
  register(app, api.accountSetAlertChannels, async (req) =>
    ok(await channels.setAlertChannels(deps, req.auth, req.body)),
  );
};

export default messageRoutes;
