import type { Account, Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';

export const listAccounts = (params: Params) => get<Page<Account>>('/v1/accounts', params);
