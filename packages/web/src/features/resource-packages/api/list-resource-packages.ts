import { resourcePackagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listResourcePackages = (params: Params) => call(resourcePackagesApi.list, { query: params });
