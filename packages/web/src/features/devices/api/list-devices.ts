import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listDevices = (params: Params) => call(devicesApi.list, { query: params });
