import { deviceCardApi } from '@herald/contract';
import { call } from '../../lib/api-client';

/** Public: no token; the page shows its own messages. */
export const getDeviceCard = (sn: string, password?: string) =>
  call(
    deviceCardApi.deviceCard,
    { body: { sn, ...(password ? { password } : {}) } },
    {
      noToken: true,
      silent: true,
    },
  );
