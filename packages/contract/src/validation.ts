import { z } from 'zod';

/**
 * Validation rules of spec section 5. Messages are keys of `messages.ts`; the server
 * translates them per request and the console's form rules use the same keys.
 */
export const PASSWORD_SPECIALS = '~!@#$%*&_';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

const passwordChars = /^[A-Za-z0-9~!@#$%*&_]*$/;

/** Number of character classes (letters, digits, specials) present in a password. */
export function passwordClassCount(pw: string): number {
  return [/[A-Za-z]/, /[0-9]/, /[~!@#$%*&_]/].filter((r) => r.test(pw)).length;
}

/** Message key for the first rule a password breaks, or null when it is acceptable. */
export function checkPassword(pw: string): string | null {
  if (!pw) return 'validation.passwordRequired';
  if (pw.length < PASSWORD_MIN) return 'validation.passwordMin';
  if (pw.length > PASSWORD_MAX) return 'validation.passwordMax';
  if (!passwordChars.test(pw)) return 'validation.passwordChars';
  if (passwordClassCount(pw) < 2) return 'validation.passwordComplexity';
  return null;
}

export const passwordSchema = z.string({ error: 'validation.passwordRequired' }).superRefine((pw, ctx) => {
  const problem = checkPassword(pw);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const PHONE_RE = /^\d{6,13}$/;
export const ALNUM_RE = /^[A-Za-z0-9]+$/;
/** Any Han character (CJK unified ideographs of every block, extensions and compatibility forms included). */
export const CHINESE_RE = /\p{Script=Han}/u;
export const TWO_DECIMALS_RE = /^-?\d+(\.\d{1,2})?$/;
export const USERNAME_RE = /^[A-Za-z0-9_.@-]+$/;

/** Schema-level message: 'Please input' when the field is missing, else 'Incorrect format'. */
export const requiredOrFormat = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.format';

/** A required, trimmed string of at most `max` characters. */
export const requiredText = (max = 64) =>
  z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.maxLength');

export const optionalText = (max = 255) => z.string().trim().max(max, 'validation.maxLength').optional();

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(128, 'validation.maxLength')
  .regex(EMAIL_RE, 'validation.email');

export const phoneSchema = z.string().trim().regex(PHONE_RE, 'validation.phone');

export const usernameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(32, 'validation.maxLength')
  .refine((v) => !CHINESE_RE.test(v), 'validation.noChinese')
  .refine((v) => USERNAME_RE.test(v), 'validation.format');

/** A plain decimal number as typed in a form: digits, an optional sign and fraction; no hex, exponent or spaces inside. */
export const DECIMAL_RE = /^[+-]?\d+(\.\d+)?$/;

/**
 * A number field (JSON number or the text of a form/query field). Empty → 'Please input';
 * anything but a plain decimal number ('0x10', '1e3', 'true', '') → 'Must be a number'.
 */
const numberInput = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : DECIMAL_RE.test(v.trim()) ? Number(v) : NaN) : v),
  z.number({ error: requiredOrNumber }).refine(Number.isFinite, { message: 'validation.number', abort: true }),
);

function requiredOrNumber(issue: { input: unknown }) {
  return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.number';
}

/** Positive integer (spec section 5): 'Must be a number', 'Must be an integer', 'Must be a positive integer'. */
export const positiveIntSchema = numberInput.pipe(
  z
    .number()
    .refine(Number.isInteger, { message: 'validation.integer', abort: true })
    .refine((n) => n > 0, { message: 'validation.positiveInteger', abort: true })
    .refine((n) => n <= Number.MAX_SAFE_INTEGER, 'validation.maxLength'),
);

/** A number greater than 0 (e.g. a fence radius). */
export const greaterThanZeroSchema = numberInput.pipe(z.number().refine((n) => n > 0, 'validation.greaterThanZero'));

/** Letters or digits only (spec section 5). */
export const alphanumericSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .regex(ALNUM_RE, 'validation.alphanumeric');

export const twoDecimalsSchema = z.string().trim().regex(TWO_DECIMALS_RE, 'validation.twoDecimals');

/** Version format x.xx.xx.xx (spec section 5). */
export const VERSION_RE = /^\d+\.\d{1,2}\.\d{1,2}\.\d{1,2}$/;

/** A date or date-time filter as sent by the console (ISO 8601); empty means "not set". */
export const dateTimeFilter = z
  .string()
  .trim()
  .max(40, 'validation.maxLength')
  .refine((v) => v === '' || isRealDateTime(v), 'validation.format')
  .optional();

/**
 * Parses, and its calendar date exists: `Date.parse` alone takes 2020-02-31 as 2 March, so a
 * filter "to 31 February" would silently mean something else.
 */
export function isRealDateTime(v: string): boolean {
  const t = Date.parse(v);
  if (Number.isNaN(t)) return false;
  // years 1 to 9999: the far ends of JavaScript's dates (275760) make an end of range no date can hold
  const year = new Date(t).getUTCFullYear();
  if (year < 1 || year > 9999) return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (!m) return true;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/**
 * Refinement for a from/to pair of date filters: 'The starting value cannot be greater than the
 * ending value' on the `to` field. Use on the object schema, after every `.omit()`/`.pick()`.
 */
export const dateRangeCheck =
  <K extends string>(fromKey: K, toKey: K) =>
  (v: Partial<Record<K, string | undefined>>, ctx: z.RefinementCtx) => {
    const from = v[fromKey];
    const to = v[toKey];
    if (from && to && Date.parse(from) > Date.parse(to)) {
      ctx.addIssue({ code: 'custom', message: 'validation.range', path: [toKey] });
    }
  };

/** An optional numeric query parameter; an empty value counts as absent (not as 0). */
export const optionalQueryInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'validation.number' })
      .int('validation.integer')
      .min(min, 'validation.invalidOption')
      .max(max, 'validation.invalidOption')
      .optional(),
  );
