import { z } from 'zod';
import { textId } from '../envelope';
import { emptyAsAny } from './fleet-fields';

/** GET /v1/common/operModuleList and operTypeList: labels live in the console (`operLog.module.*`, `operLog.type.*`). */
export const optionValueSchema = z.object({ value: z.string() });

/** GET /v1/common/accountListQuery — operators get every account, account users only their own. */
export const accountOptionSchema = z.object({ id: z.number().int(), name: z.string(), status: z.number().int() });

/**
 * GET /v1/common/accountUserListQuery — users (not deleted) of one account. Operators must pass
 * `accountId`; account users get their own account and may not name another.
 */
export const accountUserListQuery = z.object({
  accountId: emptyAsAny(textId()),
});
export const accountUserOptionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
});
export type AccountUserOption = z.infer<typeof accountUserOptionSchema>;

/** GET /v1/common/accountSummary — `side` tells which of the two shapes came back. */
export const opAccountSummarySchema = z.object({
  side: z.literal('op'),
  accountCount: z.number().int(),
  enabledAccountCount: z.number().int(),
  /** account-side users, not deleted */
  userCount: z.number().int(),
  /** operator users, not deleted */
  opUserCount: z.number().int(),
});
export const acAccountSummarySchema = z.object({
  side: z.literal('ac'),
  account: z.object({ id: z.number().int(), name: z.string() }),
  /** users of the account, not deleted */
  userCount: z.number().int(),
  roleCount: z.number().int(),
});
export const accountSummarySchema = z.discriminatedUnion('side', [opAccountSummarySchema, acAccountSummarySchema]);
export type AccountSummary = z.infer<typeof accountSummarySchema>;
