import { operLogApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listOperLogs = (params: Params) => call(operLogApi.list, { query: params });
