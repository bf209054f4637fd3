import { post } from '../../../lib/http';
import type { CreateDeviceBody, DeviceCreated } from './types';

/** The answer carries the device secret, shown this once. */
export const createDevice = (body: CreateDeviceBody) => post<DeviceCreated>('/v1/devices', body);
