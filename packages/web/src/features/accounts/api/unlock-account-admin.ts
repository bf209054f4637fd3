import type { Account } from '@herald/contract';
import { post } from '../../../lib/http';

/** Clear the lock (and failed sign-in count) of the account's super-administrator. */
export const unlockAccountAdmin = (id: number) => post<Account>(`/v1/accounts/${id}/unlock-admin`);
