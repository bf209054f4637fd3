import { accountsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Clear the lock (and failed sign-in count) of the account's super-administrator. */
export const unlockAccountAdmin = (id: number) => call(accountsApi.unlockAdmin, { params: { id } });
