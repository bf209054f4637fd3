import { ProForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { maxLen, required } from '../../../lib/form-rules';
import { PermissionTree } from './PermissionTree';

export function RoleFormFields() {
  const { t } = useTranslation();
  return (
    <>
      <ProFormText
        name="name"
        label={t('role.fields.name')}
        rules={[required(), maxLen(32)]}
        fieldProps={{ 'data-testid': 'role-name' } as object}
      />
      <ProFormTextArea
        name="description"
        label={t('role.fields.description')}
        rules={[maxLen(255)]}
        fieldProps={{ 'data-testid': 'role-description' } as object}
      />
      <ProForm.Item
        name="permissions"
        label={t('role.fields.permissions')}
        rules={[{ required: true, type: 'array', min: 1, message: t('role.pickPermission') }]}
      >
        <PermissionTree />
      </ProForm.Item>
    </>
  );
}
