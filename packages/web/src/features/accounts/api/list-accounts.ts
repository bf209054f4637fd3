import { accountsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';

export const listAccounts = (params: Params) => call(accountsApi.list, { query: params });
