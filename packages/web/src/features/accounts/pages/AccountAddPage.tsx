import { Card } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createAccount, type CreateAccountBody } from '../api/create-account';
import { DEFAULT_TIME_ZONE } from '../components/account-options';
import { AccountFormFields } from '../components/AccountFormFields';
import { pageSubmitter } from '../../../lib/page-submitter';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function AccountAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  return (
    <Card title={t('account.actions.add')}>
      <ProForm<CreateAccountBody>
        data-testid="account-add-form"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ country: 'CN', timeZone: DEFAULT_TIME_ZONE, industry: '01', subjectType: 'business' }}
        submitter={pageSubmitter('submit', 'account-submit', () => navigate('/account/list'))}
        onFinish={async (v) => {
          try {
            await createAccount({ ...v, adminUsername: v.adminUsername || undefined, remark: v.remark || undefined });
          } catch {
            return false;
          }
          toastSuccess(t('account.created'));
          leave('/account/list');
          return true;
        }}
      >
        <AccountFormFields withAdmin />
      </ProForm>
    </Card>
  );
}
