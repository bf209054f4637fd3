import { post } from '../../../lib/http';
import type { Batch } from './types';

/** 2 enables, 1 disables (a disabled device is disconnected and refused). */
export const setDeviceStatus = (ids: number[], status: 1 | 2) => post<Batch>('/v1/devices/status', { ids, status });
