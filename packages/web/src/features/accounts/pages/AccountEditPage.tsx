import { Card } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import { accountQuery } from '../api/get-account';
import { updateAccount, type UpdateAccountBody } from '../api/update-account';
import { AccountFormFields } from '../components/AccountFormFields';
import { pageSubmitter } from '../../../lib/page-submitter';

export function AccountEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const queryClient = useQueryClient();
  const account = useQuery({ ...accountQuery(id), staleTime: 0 });

  return (
    <Card title={t('account.actions.edit')}>
      {account.data ? (
        <ProForm<UpdateAccountBody>
          data-testid="account-edit-form"
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 12 }}
          initialValues={{ ...account.data, remark: account.data.remark ?? '' }}
          submitter={pageSubmitter('save', 'account-submit', () => navigate('/account/list'))}
          onFinish={async (v) => {
            try {
              await updateAccount(id, v);
            } catch {
              return false;
            }
            toastSuccess();
            await queryClient.invalidateQueries({ queryKey: ['accounts', id] });
            navigate('/account/list');
            return true;
          }}
        >
          <AccountFormFields withAdmin={false} />
        </ProForm>
      ) : (
        <DetailFallback query={account} back="/account/list" />
      )}
    </Card>
  );
}
