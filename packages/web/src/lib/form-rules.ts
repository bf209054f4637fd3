import type { Rule } from 'antd/es/form';
import { checkPassword, EMAIL_RE, PHONE_RE, CHINESE_RE, USERNAME_RE } from '@herald/contract';
import i18n from './i18n';

/** Form rules built from the contract's validation rules and message keys (spec section 5). */
const t = (key: string) => i18n.t(key);

export const required = (): Rule => ({ required: true, whitespace: true, message: t('validation.required') });
export const requiredSelect = (): Rule => ({ required: true, message: t('validation.required') });
export const maxLen = (max: number): Rule => ({ max, message: t('validation.maxLength') });
export const email = (): Rule => ({ pattern: EMAIL_RE, message: t('validation.email') });
export const phone = (): Rule => ({ pattern: PHONE_RE, message: t('validation.phone') });
export const noChinese = (): Rule => ({
  validator: (_, v?: string) =>
    v && CHINESE_RE.test(v) ? Promise.reject(new Error(t('validation.noChinese'))) : Promise.resolve(),
});

/** A username's rules after "required" (the contract's usernameSchema): no Chinese, then the allowed characters. */
export const username = (): Rule[] => [
  noChinese(),
  maxLen(32),
  {
    validator: (_, v?: string) =>
      !v?.trim() || CHINESE_RE.test(v) || USERNAME_RE.test(v.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.format'))),
  },
];

export const password = (): Rule => ({
  validator: (_, v?: string) => {
    const problem = checkPassword(v ?? '');
    return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
  },
});

/** Confirm field: must equal the field named `other`. */
export const sameAs =
  (other: string): Rule =>
  ({ getFieldValue }) => ({
    validator: (_, v?: string) => {
      if (!v) return Promise.reject(new Error(t('validation.passwordRequired')));
      return v === getFieldValue(other)
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.passwordMismatch')));
    },
  });

/**
 * An amount as typed: a number above 0 with at most two decimals, each failure with the spec's
 * own message (section 5: 'Must be a number', 'At most two decimal places', 'Must be greater than 0').
 */
export const amount = (): Rule => ({
  validator: (_, raw?: string) => {
    const v = raw?.trim();
    if (!v) return Promise.resolve();
    if (!/^\d{1,9}(\.\d+)?$/.test(v)) return Promise.reject(new Error(t('validation.number')));
    if (!/^\d+(\.\d{1,2})?$/.test(v)) return Promise.reject(new Error(t('validation.twoDecimals')));
    if (Number(v) <= 0) return Promise.reject(new Error(t('validation.greaterThanZero')));
    return Promise.resolve();
  },
});
