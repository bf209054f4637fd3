import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** 2 enables, 1 disables (a disabled device is disconnected and refused). */
export const setDeviceStatus = (ids: number[], status: 1 | 2) => call(devicesApi.setStatus, { body: { ids, status } });
