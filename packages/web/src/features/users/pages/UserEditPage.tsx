import { Card } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import { userQuery } from '../api/get-user';
import { updateUser, type UpdateUserBody } from '../api/update-user';
import { UserFormFields } from '../components/UserFormFields';
import { cleanUserValues } from '../components/clean-user-values';
import { pageSubmitter } from '../../../lib/page-submitter';

export function UserEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const queryClient = useQueryClient();
  const query = useQuery({ ...userQuery(id), staleTime: 0 });
  const user = query.data;

  return (
    <Card title={t('user.actions.edit')}>
      {user ? (
        <ProForm<UpdateUserBody>
          data-testid="user-edit-form"
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 12 }}
          initialValues={{
            ...user,
            phone: user.phone ?? '',
            name: user.name ?? '',
            nickname: user.nickname ?? '',
            birthday: user.birthday ?? undefined,
          }}
          submitter={pageSubmitter('save', 'user-submit', () => navigate('/user/list'))}
          onFinish={async (v) => {
            // the username is shown but cannot change
            const body: Record<string, unknown> = { ...cleanUserValues(v), phone: v.phone ?? '' };
            delete body.username;
            try {
              await updateUser(id, body as UpdateUserBody);
            } catch {
              return false;
            }
            toastSuccess();
            await queryClient.invalidateQueries({ queryKey: ['users', id] });
            navigate('/user/list');
            return true;
          }}
        >
          <UserFormFields isNew={false} />
        </ProForm>
      ) : (
        <DetailFallback query={query} back="/user/list" />
      )}
    </Card>
  );
}
