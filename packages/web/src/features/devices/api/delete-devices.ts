import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** To the deleted list (status -1). */
export const deleteDevices = (ids: number[]) => call(devicesApi.remove, { body: { ids } });
