import { rolesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listRoles = (params: Params) => call(rolesApi.list, { query: params });
