import { deviceRegistrationsApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import * as registrations from './registrations';

const registrationRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.list, async (req) =>
    ok(await registrations.listRegistrations(deps, req.auth, req.query, req.locale)),
  );
  register(app, api.get, async (req) =>
    ok(await registrations.getRegistration(deps, req.auth, req.params.id, req.locale)),
  );
  register(app, api.update, async (req) =>
    ok(await registrations.updateRegistration(deps, req.auth, req.params.id, req.body, req.locale)),
  );
};

export default registrationRoutes;
