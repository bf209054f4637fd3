import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const restartDevice = (id: number) => call(devicesApi.restart, { params: { id } });
