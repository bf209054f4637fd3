import { Card } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createUser, type CreateUserBody } from '../api/create-user';
import { UserFormFields } from '../components/UserFormFields';
import { cleanUserValues } from '../components/clean-user-values';
import { pageSubmitter } from '../../../lib/page-submitter';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function UserAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  return (
    <Card title={t('user.actions.add')}>
      <ProForm<CreateUserBody>
        data-testid="user-add-form"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ gender: 0, dataPermission: 'all' }}
        submitter={pageSubmitter('submit', 'user-submit', () => navigate('/user/list'))}
        onFinish={async (v) => {
          try {
            await createUser(cleanUserValues(v));
          } catch {
            return false;
          }
          toastSuccess(t('user.created'));
          leave('/user/list');
          return true;
        }}
      >
        <UserFormFields isNew />
      </ProForm>
    </Card>
  );
}
