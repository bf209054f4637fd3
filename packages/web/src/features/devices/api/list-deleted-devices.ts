import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

/** Deleted devices (status -1). */
export const listDeletedDevices = (params: Params) => call(devicesApi.deleted, { query: params });
