import { describe, expect, it } from 'vitest';
import {
  alphanumericSchema,
  CHINESE_RE,
  checkPassword,
  dateTimeFilter,
  emailSchema,
  greaterThanZeroSchema,
  passwordSchema,
  VERSION_RE,
  passwordClassCount,
  phoneSchema,
  positiveIntSchema,
  twoDecimalsSchema,
  usernameSchema,
} from './validation';
import { LOCALES, messages, resolveLocale, translate } from './messages';

describe('password rule (spec section 5)', () => {
  it.each([
    ['', 'validation.passwordRequired'],
    ['Ab1~', 'validation.passwordMin'],
    ['Abcdef1', 'validation.passwordMin'],
    ['Abcdefgh12345678X', 'validation.passwordMax'],
    ['abcdefgh', 'validation.passwordComplexity'],
    ['12345678', 'validation.passwordComplexity'],
    ['~!@#$%*&_', 'validation.passwordComplexity'],
    ['abc 12345', 'validation.passwordChars'],
    ['abcd^1234', 'validation.passwordChars'],
    ['密码abcd1234', 'validation.passwordChars'],
    ['abcdefgh1234567é', 'validation.passwordChars'],
    ['abcd1234\n', 'validation.passwordChars'],
    ['aaaaaaaaaaaaaaaa', 'validation.passwordComplexity'],
  ])('%j → %s', (pw, key) => expect(checkPassword(pw)).toBe(key));

  it.each(['abcd1234', 'ABCD~!@#', '1234_5678', 'Abcdefgh12345678', 'a1a1a1a1', '~!@#$%*&_a', '12345678%'])(
    'accepts %j',
    (pw) => expect(checkPassword(pw)).toBeNull(),
  );

  it('through the schema: missing, wrong type, and the first broken rule only', () => {
    const msgs = (v: unknown) => passwordSchema.safeParse(v).error?.issues.map((i) => i.message);
    expect(msgs(undefined)).toEqual(['validation.passwordRequired']);
    expect(msgs(12345678)).toEqual(['validation.passwordRequired']);
    expect(msgs('Abc~1234')).toBeUndefined();
    expect(msgs('abc')).toEqual(['validation.passwordMin']);
  });

  it('counts character classes', () => {
    expect(passwordClassCount('aA')).toBe(1);
    expect(passwordClassCount('a1~')).toBe(3);
  });
});

describe('field rules', () => {
  const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  it('email', () => {
    expect(emailSchema.safeParse('a@b.co').success).toBe(true);
    expect(msg(emailSchema.safeParse('a@b'))).toBe('validation.email');
    expect(msg(emailSchema.safeParse(''))).toBe('validation.required');
  });
  it('phone is 6 to 13 digits', () => {
    expect(phoneSchema.safeParse('123456').success).toBe(true);
    expect(phoneSchema.safeParse('1234567890123').success).toBe(true);
    expect(msg(phoneSchema.safeParse('12345'))).toBe('validation.phone');
    expect(msg(phoneSchema.safeParse('12345678901234'))).toBe('validation.phone');
    expect(msg(phoneSchema.safeParse('12345a'))).toBe('validation.phone');
  });
  it('username refuses Chinese, of every Han block', () => {
    for (const v of ['张三', 'ab〇', 'ab鿏', 'ab𠀀', 'a豈b'])
      expect(msg(usernameSchema.safeParse(v)), v).toBe('validation.noChinese');
    expect(usernameSchema.safeParse(' bob ').data).toBe('bob');
    expect(CHINESE_RE.test('abc-123_.@')).toBe(false);
  });
  it.each([
    ['abc', 'validation.number'],
    ['0x10', 'validation.number'],
    ['1e3', 'validation.number'],
    ['Infinity', 'validation.number'],
    [true, 'validation.number'],
    [[1], 'validation.number'],
    ['', 'validation.required'],
    ['  ', 'validation.required'],
    [undefined, 'validation.required'],
    [null, 'validation.required'],
    ['1.5', 'validation.integer'],
    [-1.5, 'validation.integer'],
    ['0', 'validation.positiveInteger'],
    [0, 'validation.positiveInteger'],
    ['-1', 'validation.positiveInteger'],
    ['9007199254740993', 'validation.maxLength'],
  ])('positive integer refuses %j: %s', (v, key) => {
    const issues = positiveIntSchema.safeParse(v).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual([key]);
  });
  it.each([
    ['1', 1],
    [' 7 ', 7],
    ['007', 7],
    [1, 1],
    ['1.0', 1],
    [9007199254740991, 9007199254740991],
  ])('positive integer accepts %j', (v, n) => expect(positiveIntSchema.safeParse(v).data).toBe(n));
  it.each([
    ['12', true],
    ['12.5', true],
    ['12.50', true],
    ['0.01', true],
    [' 3.1 ', true],
    ['12.505', false],
    ['12.', false],
    ['.5', false],
    ['1,5', false],
    ['1e2', false],
    ['', false],
  ])('up to two decimals: %j → %s', (v, ok) => {
    const r = twoDecimalsSchema.safeParse(v);
    expect(r.success).toBe(ok);
    if (!ok) expect(msg(r)).toBe('validation.twoDecimals');
  });
  it('greater than zero (fence radius)', () => {
    expect(greaterThanZeroSchema.safeParse('0.5').data).toBe(0.5);
    expect(msg(greaterThanZeroSchema.safeParse('0'))).toBe('validation.greaterThanZero');
    expect(msg(greaterThanZeroSchema.safeParse(-3))).toBe('validation.greaterThanZero');
    expect(msg(greaterThanZeroSchema.safeParse('x'))).toBe('validation.number');
  });
  it('letters or digits only', () => {
    expect(alphanumericSchema.safeParse(' Ab12 ').data).toBe('Ab12');
    expect(msg(alphanumericSchema.safeParse('ab-12'))).toBe('validation.alphanumeric');
    expect(msg(alphanumericSchema.safeParse('ab 12'))).toBe('validation.alphanumeric');
    expect(msg(alphanumericSchema.safeParse(''))).toBe('validation.required');
  });
  it('email edges', () => {
    expect(emailSchema.safeParse(' A.B+c@x-y.example.com ').data).toBe('A.B+c@x-y.example.com');
    for (const v of ['a@b.c', 'a@@b.co', 'a b@c.co', 'ab.co', '@b.co'])
      expect(msg(emailSchema.safeParse(v)), v).toBe('validation.email');
    expect(msg(emailSchema.safeParse(`${'a'.repeat(121)}@b.co.uk`))).toBe('validation.maxLength');
  });
  it('phone refuses signs, spaces and full-width digits', () => {
    for (const v of ['+8612345', '123 456', '１２３４５６', ''])
      expect(msg(phoneSchema.safeParse(v)), v).toBe('validation.phone');
  });
  it('version format x.xx.xx.xx', () => {
    for (const v of ['1.00.00.01', '1.2.3.4', '10.10.10.10']) expect(VERSION_RE.test(v), v).toBe(true);
    for (const v of ['1.0.0', '1.100.0.0', 'v1.0.0.0', '1.0.0.0.0', '1.a.0.0'])
      expect(VERSION_RE.test(v), v).toBe(false);
  });
});

describe('messages', () => {
  it('every message exists in both languages, non-empty', () => {
    for (const [key, m] of Object.entries(messages)) {
      for (const l of LOCALES) expect(m[l], `${key} ${l}`).toMatch(/\S/);
    }
  });
  it('carries the spec wording in en_US', () => {
    expect(translate('validation.passwordMin')).toBe('Minimum password length is 8 characters');
    expect(translate('error.loginTimeout')).toBe('Login timeout, please log in again');
    expect(translate('validation.triggerTime', 'en_US')).toBe(
      'The triggering time needs to be more than five minutes later than the current time',
    );
  });
  it('resolves the lang parameter', () => {
    expect(resolveLocale('zh_CN')).toBe('zh_CN');
    expect(resolveLocale('zh-CN')).toBe('zh_CN');
    expect(resolveLocale('en')).toBe('en_US');
    expect(resolveLocale(undefined)).toBe('en_US');
    expect(resolveLocale(['zh_CN'])).toBe('en_US');
  });
});

describe('date filters', () => {
  it('take real dates and date-times, refuse impossible calendar dates', () => {
    for (const ok of [
      '',
      '2024-02-29',
      '2024-02-29 23:59:59',
      '2026-11-22T10:00:00Z',
      '2026-12-31T23:59:59.999+08:00',
    ]) {
      expect(dateTimeFilter.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['2023-02-29', '2020-02-31', '2020-13-01', '2020-04-31 10:00:00', 'yesterday', '2020-00-10']) {
      expect(dateTimeFilter.safeParse(bad).success, bad).toBe(false);
    }
  });
});
