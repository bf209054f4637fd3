import { z } from 'zod';
import { deviceTypeOverviewSchema } from '../schemas/device-types';
import { route } from './route';

/**
 * The operators' read view of device types. `GET /v1/device-types` (modelsApi) stays the open
 * look-up the model form picks from.
 */
export const deviceTypesApi = {
  overview: route({
    method: 'GET',
    path: '/v1/device-types/overview',
    response: z.array(deviceTypeOverviewSchema),
    access: { side: 'op', permission: 'herald.device.type.query' },
    summary: 'Device types with their models and device counts (all accounts)',
    tags: ['models'],
  }),
};
