import { Button } from 'antd';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { email, required, username } from '../../../lib/form-rules';
import { changeAccountAdmin } from '../api/change-account-admin';

type Values = { adminEmail: string; adminUsername?: string };

/** Replace the account's super administrator; the old admin user is deleted. */
export function ChangeAdminModal({ accountId, onDone }: { accountId: number; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalForm<Values>
      title={t('account.actions.changeAdmin')}
      width={480}
      modalProps={{ destroyOnHidden: true, okButtonProps: { 'data-testid': 'change-admin-submit' } }}
      trigger={<Button data-testid="account-change-admin">{t('account.actions.changeAdmin')}</Button>}
      onFinish={async (v) => {
        try {
          await changeAccountAdmin(accountId, {
            adminEmail: v.adminEmail,
            adminUsername: v.adminUsername || undefined,
          });
        } catch {
          return false;
        }
        toastSuccess();
        onDone();
        return true;
      }}
    >
      <p>{t('account.changeAdminHint')}</p>
      <ProFormText
        name="adminEmail"
        label={t('account.fields.adminEmail')}
        rules={[required(), email()]}
        fieldProps={{ 'data-testid': 'change-admin-email' } as object}
      />
      <ProFormText name="adminUsername" label={t('account.fields.adminUsername')} rules={username()} />
    </ModalForm>
  );
}
