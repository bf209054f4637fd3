import type { Device } from '@herald/contract';
import { put } from '../../../lib/http';
import type { UpdateDeviceBody } from './types';

export const updateDevice = (id: number, body: UpdateDeviceBody) => put<Device>(`/v1/devices/${id}`, body);
