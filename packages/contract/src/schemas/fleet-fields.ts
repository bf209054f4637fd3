import { z } from 'zod';
import { MAX_BIG_ID, MAX_ID, sortOrderSchema, textId } from '../envelope';

/**
 * Small pieces shared by the fleet schemas (models, groups, devices, applications,
 * manufacturers). Filters may arrive empty from a cleared form field; empty means "any".
 */
export const emptyAsAny = <T extends z.ZodTypeAny>(s: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), s.optional());

/** A list's sort as the console sends it: one of `fields`, and antd's 'ascend' / 'descend'. */
export const sortParams = <const F extends readonly [string, ...string[]]>(fields: F) => ({
  sortField: emptyAsAny(z.enum(fields, { error: 'validation.invalidOption' })),
  sortOrder: emptyAsAny(sortOrderSchema),
});

/** A query flag sent as `true`/`false` (or 1/0). */
export const queryFlag = emptyAsAny(
  z
    .enum(['true', 'false', '1', '0'], { error: 'validation.invalidOption' })
    .transform((v) => v === 'true' || v === '1'),
);

/** An optional id in a query string. */
export const queryId = emptyAsAny(textId('validation.number'));
/** An optional id of a table that grows past MAX_ID (a job's, see MAX_BIG_ID). */
export const queryBigId = emptyAsAny(textId('validation.number', MAX_BIG_ID));

/** A required id in a body. */
export const bodyId = z
  .number({ error: (i) => (i.input === undefined || i.input === null ? 'validation.required' : 'validation.number') })
  .int('validation.integer')
  .positive('validation.positiveInteger')
  .max(MAX_ID, 'validation.format');

/** An optional reference in a body: null or absent clears/leaves it. */
export const optionalBodyId = bodyId.nullable().optional();

/** Codes people type: letters, digits, dash, underscore and dot. */
export const CODE_RE = /^[A-Za-z0-9_.-]+$/;
export const codeSchema = (max = 32) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.maxLength')
    .regex(CODE_RE, 'validation.format');

/** An http(s) URL, optional; '' clears it. */
export const optionalUrl = z
  .string()
  .trim()
  .max(512, 'validation.maxLength')
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'validation.format')
  .optional();

/** A date or date-time (ISO 8601), required. */
export const requiredDate = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(40, 'validation.maxLength')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'validation.format');

/** Re-entered login password (certificate revocation, showing an application secret). */
export const passwordConfirmBody = z.object({
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(64),
});

export const lookupQuery = z.object({
  /** operators name the account; account users get their own and may not name another */
  accountId: queryId,
});
