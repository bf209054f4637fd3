import { businessesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listBusinesses = (params: Params) => call(businessesApi.list, { query: params });
