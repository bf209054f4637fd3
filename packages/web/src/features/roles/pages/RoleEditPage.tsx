import { Card } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import type { RoleBody } from '../api/create-role';
import { roleQuery } from '../api/get-role';
import { updateRole } from '../api/update-role';
import { RoleFormFields } from '../components/RoleFormFields';

export function RoleEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const queryClient = useQueryClient();
  const query = useQuery({ ...roleQuery(id), staleTime: 0 });
  const role = query.data;

  return (
    <Card title={t('role.actions.edit')}>
      {role ? (
        <ProForm<RoleBody>
          data-testid="role-edit-form"
          layout="horizontal"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 14 }}
          initialValues={{ name: role.name, description: role.description ?? '', permissions: role.permissions }}
          submitter={{
            searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') },
            onReset: () => navigate('/user/role-list'),
            submitButtonProps: { 'data-testid': 'role-submit' },
            render: (_, dom) => <div style={{ marginLeft: '16.6%', display: 'flex', gap: 8 }}>{dom}</div>,
          }}
          onFinish={async (v) => {
            try {
              await updateRole(id, v);
            } catch {
              return false;
            }
            toastSuccess();
            await queryClient.invalidateQueries({ queryKey: ['roles'] });
            navigate('/user/role-list');
            return true;
          }}
        >
          <RoleFormFields />
        </ProForm>
      ) : (
        <DetailFallback query={query} back="/user/role-list" />
      )}
    </Card>
  );
}
