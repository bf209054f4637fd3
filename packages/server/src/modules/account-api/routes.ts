import { accountApiApi as routes } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as keys from './keys';
import * as api from './service';

const accountApiRoutes: RoutesPlugin = async (app, deps) => {
  register(app, routes.detail, async (req) => ok(await api.detail(deps, req.auth)));
  register(app, routes.modifyAccountApi, async (req) => ok(await api.modifyAccountApi(deps, req.auth, req.body)));
  register(app, routes.genAccountApiSecret, async (req) => ok(await api.generateSecret(deps, req.auth)));
  register(app, routes.queryApiSecret, async (req) => ok(await api.querySecret(deps, req.auth, req.body.password)));
  register(app, routes.modifyAddedServiceParams, async (req) =>
    ok(await api.modifyAddedParams(deps, req.auth, req.body)),
  );
  register(app, routes.queryGeoLocationApiSecret, async (req) => ok(await api.geoSecret(deps, req.auth)));

  // several named keys per account, rotated with an overlap (docs/open-api.md § 1)
  register(app, routes.listKeys, async (req) => ok(await keys.listKeys(deps, req.auth)));
  register(app, routes.createKey, async (req) => ok(await keys.createKey(deps, req.auth, req.body)));
  register(app, routes.renameKey, async (req) => ok(await keys.renameKey(deps, req.auth, req.params.id, req.body)));
  register(app, routes.rotateKey, async (req) => ok(await keys.rotateKey(deps, req.auth, req.params.id, req.body)));
  register(app, routes.endKeyOverlap, async (req) => ok(await keys.endOverlap(deps, req.auth, req.params.id)));
  register(app, routes.removeKey, async (req) =>
    ok(await keys.revokeKey(deps, req.auth, req.params.id).then(() => null)),
  );
  register(app, routes.keySecret, async (req) =>
    ok(await keys.querySecret(deps, req.auth, req.params.id, req.body.password)),
  );
};

export default accountApiRoutes;
