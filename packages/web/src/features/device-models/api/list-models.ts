import { modelsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listModels = (params: Params) => call(modelsApi.list, { query: params });
