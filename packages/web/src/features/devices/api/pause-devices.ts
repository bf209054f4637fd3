import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const pauseDevices = (ids: number[]) => call(devicesApi.pause, { body: { ids } });
export const resumeDevices = (ids: number[]) => call(devicesApi.resume, { body: { ids } });
