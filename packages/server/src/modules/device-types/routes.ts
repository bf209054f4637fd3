import { z } from 'zod';
import { deviceTypeOverviewSchema, envelope } from '@herald/contract';
import { ok } from '../../lib/envelope';
import type { RoutesPlugin } from '../../lib/deps';
import * as deviceTypes from './service';

/**
 * The operators' read view of device types. `GET /v1/device-types` (models module) stays the
 * open look-up the model form picks from.
 */
const deviceTypeRoutes: RoutesPlugin = async (app, deps) => {
  app.get(
    '/v1/device-types/overview',
    {
      config: { access: { side: 'op', permission: 'herald.device.type.query' } },
      schema: {
        tags: ['models'],
        summary: 'Device types with their models and device counts (all accounts)',
        response: { 200: envelope(z.array(deviceTypeOverviewSchema)) },
      },
    },
    async (req) => ok(await deviceTypes.deviceTypeOverview(deps, req.locale)),
  );
};

export default deviceTypeRoutes;
