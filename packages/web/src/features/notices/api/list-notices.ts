import { noticesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listNotices = (params: Params) => call(noticesApi.list, { query: params });
