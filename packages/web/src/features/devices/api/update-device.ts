import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import type { UpdateDeviceBody } from './types';

export const updateDevice = (id: number, body: UpdateDeviceBody) => call(devicesApi.update, { params: { id }, body });
