import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  emailSchema,
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
    ['abc 12345', 'validation.passwordComplexity'],
    ['abcd^1234', 'validation.passwordComplexity'],
    ['密码abcd1234', 'validation.passwordComplexity'],
  ])('%j → %s', (pw, key) => expect(checkPassword(pw)).toBe(key));

  it.each(['abcd1234', 'ABCD~!@#', '1234_5678', 'Abcdefgh12345678', 'a1a1a1a1'])('accepts %j', (pw) =>
    expect(checkPassword(pw)).toBeNull(),
  );

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
  it('username refuses Chinese', () => {
    expect(msg(usernameSchema.safeParse('张三'))).toBe('validation.noChinese');
    expect(usernameSchema.safeParse(' bob ').data).toBe('bob');
  });
  it('positive integer and two decimals', () => {
    expect(msg(positiveIntSchema.safeParse('abc'))).toBe('validation.number');
    expect(msg(positiveIntSchema.safeParse('1.5'))).toBe('validation.integer');
    expect(msg(positiveIntSchema.safeParse('0'))).toBe('validation.positiveInteger');
    expect(twoDecimalsSchema.safeParse('12.50').success).toBe(true);
    expect(msg(twoDecimalsSchema.safeParse('12.505'))).toBe('validation.twoDecimals');
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
