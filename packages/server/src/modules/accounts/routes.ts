import { accountsApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as accounts from './service';

const accountRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) => ok(await accounts.listAccounts(deps, req.query)));

  register(app, api.create, async (req) => ok(await accounts.createAccount(deps, req.auth, req.body)));

  register(app, api.get, async (req) => ok(await accounts.getAccount(deps, req.params.id)));

  register(app, api.update, async (req) => ok(await accounts.updateAccount(deps, req.auth, req.params.id, req.body)));

  register(app, api.geoService, async (req) =>
    ok(await accounts.setService(deps, req.auth, req.params.id, 'geo', req.body.enabled)),
  );

  register(app, api.qrBrandService, async (req) =>
    ok(await accounts.setService(deps, req.auth, req.params.id, 'qrBrand', req.body.enabled)),
  );

  register(app, api.pushAlarmService, async (req) =>
    ok(await accounts.setService(deps, req.auth, req.params.id, 'pushAlarm', req.body.enabled)),
  );

  register(app, api.status, async (req) =>
    ok(await accounts.setAccountStatus(deps, req.auth, req.params.id, req.body.status)),
  );

  register(app, api.changeAdmin, async (req) =>
    ok(await accounts.changeAccountAdmin(deps, req.auth, req.params.id, req.body)),
  );

  register(app, api.unlockAdmin, async (req) => ok(await accounts.unlockAccountAdmin(deps, req.auth, req.params.id)));
};

export default accountRoutes;
