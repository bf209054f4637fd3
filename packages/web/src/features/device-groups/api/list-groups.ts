import { groupsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listGroups = (params: Params) => call(groupsApi.list, { query: params });
