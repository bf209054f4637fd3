import type { Rule } from 'antd/es/form';
import { VERSION_RE } from '@herald/contract';
import i18n from '../../lib/i18n';

/** A version field (x.xx.xx.xx, the contract's VERSION_RE); empty passes (pair with required()). */
export const versionRule = (): Rule => ({
  validator: (_, v?: string) =>
    !v?.trim() || VERSION_RE.test(v.trim())
      ? Promise.resolve()
      : Promise.reject(new Error(i18n.t('validation.format'))),
});
