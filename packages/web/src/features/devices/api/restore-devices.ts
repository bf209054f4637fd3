import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Back from the deleted list. */
export const restoreDevices = (ids: number[]) => call(devicesApi.restore, { body: { ids } });
