import { Card } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createRole, type RoleBody } from '../api/create-role';
import { RoleFormFields } from '../components/RoleFormFields';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function RoleAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const queryClient = useQueryClient();
  return (
    <Card title={t('role.actions.add')}>
      <ProForm<RoleBody>
        data-testid="role-add-form"
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 14 }}
        initialValues={{ permissions: [] }}
        submitter={{
          searchConfig: { submitText: t('common.submit'), resetText: t('common.cancel') },
          onReset: () => navigate('/user/role-list'),
          submitButtonProps: { 'data-testid': 'role-submit' },
          render: (_, dom) => <div style={{ marginLeft: '16.6%', display: 'flex', gap: 8 }}>{dom}</div>,
        }}
        onFinish={async (v) => {
          try {
            await createRole({ ...v, description: v.description || undefined });
          } catch {
            return false;
          }
          toastSuccess();
          await queryClient.invalidateQueries({ queryKey: ['roles', 'options'] });
          leave('/user/role-list');
          return true;
        }}
      >
        <RoleFormFields />
      </ProForm>
    </Card>
  );
}
