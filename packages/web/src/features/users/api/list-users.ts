import { usersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listUsers = (params: Params) => call(usersApi.list, { query: params });
