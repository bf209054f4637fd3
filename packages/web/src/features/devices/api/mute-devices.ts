import { post } from '../../../lib/http';
import type { Batch } from './types';

/** Muted for `minutes` (at most, and by default, 24 hours; then it lifts by itself). */
export const muteDevices = (ids: number[], minutes?: number) => post<Batch>('/v1/devices/mute', { ids, minutes });
export const unmuteDevices = (ids: number[]) => post<Batch>('/v1/devices/unmute', { ids });
