import type { ButtonProps } from 'antd';
import i18n from './i18n';

/**
 * Buttons of a ModalForm in the interface language, with a data-testid on the OK button
 * (ModalForm renders its own buttons; `modalProps.okButtonProps` does not reach them).
 */
export const modalSubmitter = (testId: string, ok: ButtonProps = {}) => ({
  searchConfig: { submitText: i18n.t('common.confirm'), resetText: i18n.t('common.cancel') },
  submitButtonProps: { ...ok, 'data-testid': testId },
});
