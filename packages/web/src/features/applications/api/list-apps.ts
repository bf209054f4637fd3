import { applicationsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listApps = (params: Params) => call(applicationsApi.list, { query: params });
