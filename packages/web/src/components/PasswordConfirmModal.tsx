import type { ReactElement, ReactNode } from 'react';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { required } from '../lib/form-rules';
import { modalSubmitter } from '../lib/modal-submitter';

/**
 * Asks for the login password before a sensitive action (showing a secret, revoking a
 * certificate). `onConfirm` gets the password; a rejected promise keeps the dialog open.
 */
export function PasswordConfirmModal({
  title,
  hint,
  trigger,
  danger,
  testId,
  onConfirm,
}: {
  title: string;
  hint?: ReactNode;
  trigger: ReactElement;
  danger?: boolean;
  testId: string;
  onConfirm: (password: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <ModalForm<{ password: string }>
      title={title}
      width={440}
      trigger={trigger}
      modalProps={{ destroyOnHidden: true }}
      submitter={modalSubmitter(`${testId}-ok`, { danger })}
      onFinish={async ({ password }) => {
        try {
          await onConfirm(password);
        } catch {
          return false;
        }
        return true;
      }}
    >
      {hint && <div style={{ marginBottom: 16 }}>{hint}</div>}
      <ProFormText.Password
        name="password"
        label={t('common.loginPassword')}
        rules={[required()]}
        fieldProps={{ autoComplete: 'current-password', 'data-testid': `${testId}-password` } as object}
      />
    </ModalForm>
  );
}
