import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

/** The silence list: devices muted now. */
export const listMutedDevices = (params: Params) => call(devicesApi.muted, { query: params });
