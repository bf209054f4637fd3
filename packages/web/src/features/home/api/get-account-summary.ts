import { get } from '../../../lib/http';

/** Counts by side (op: accounts and users; ac: the account's users and roles). */
export type AccountSummary = Record<string, unknown>;

export const getAccountSummary = () => get<AccountSummary>('/v1/common/accountSummary');

export const accountSummaryQuery = () => ({
  queryKey: ['common', 'accountSummary'] as const,
  queryFn: getAccountSummary,
});
