import i18n from './i18n';

/**
 * Buttons of a page's ProForm in the interface language: submit (new records) or save (edits), and
 * cancel, which leaves the form. They line up with the fields: the forms' labels take 5 of 24
 * columns (labelCol span 5), 20.8 % of the width. The submit button carries `testId`.
 */
export const pageSubmitter = (action: 'submit' | 'save', testId: string, onCancel: () => void) => ({
  searchConfig: { submitText: i18n.t(`common.${action}`), resetText: i18n.t('common.cancel') },
  onReset: onCancel,
  submitButtonProps: { 'data-testid': testId },
  render: (_: unknown, dom: React.ReactNode[]) => (
    <div style={{ marginLeft: '20.8%', display: 'flex', gap: 8 }}>{dom}</div>
  ),
});
