import { firmwareApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listFirmware = (params: Params) => call(firmwareApi.list, { query: params });
