import { post } from '../../../lib/http';
import type { Batch } from './types';

export const pauseDevices = (ids: number[]) => post<Batch>('/v1/devices/pause', { ids });
export const resumeDevices = (ids: number[]) => post<Batch>('/v1/devices/resume', { ids });
