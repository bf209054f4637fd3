import type { DeviceCardResult } from '@herald/contract';
import { post } from '../../lib/http';

/** Public: no token; the page shows its own messages. */
export const getDeviceCard = (sn: string, password?: string) =>
  post<DeviceCardResult>(
    '/v1/public/device-card',
    { sn, ...(password ? { password } : {}) },
    {
      noToken: true,
      silent: true,
    },
  );
