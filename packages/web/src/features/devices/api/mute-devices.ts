import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Muted for `minutes` (at most, and by default, 24 hours; then it lifts by itself). */
export const muteDevices = (ids: number[], minutes?: number) => call(devicesApi.mute, { body: { ids, minutes } });
export const unmuteDevices = (ids: number[]) => call(devicesApi.unmute, { body: { ids } });
