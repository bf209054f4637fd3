import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { CreateDeviceBody } from './types';

/** The answer carries the device secret, shown this once. */
export const createDevice = (body: CreateDeviceBody) => call(devicesApi.create, { body });
