import { deviceCardApi as api } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import { register } from '../../lib/route';
import { deviceCard } from './service';

/**
 * The page a device's QR code leads to (`/d/<sn>` in the console) asks here. Public: whoever holds
 * the device can scan its label. POST, so a QR password travels in the body and not in URLs or logs.
 */
const deviceCardRoutes: RoutesPlugin = async (app, deps) => {
  register(app, api.deviceCard, async (req) => ok(await deviceCard(deps, req.ip, req.body)));
};

export default deviceCardRoutes;
