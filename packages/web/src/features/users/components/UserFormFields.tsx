import { ProFormDatePicker, ProFormRadio, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { email, maxLen, phone, required, username } from '../../../lib/form-rules';
import { roleOptionsQuery } from '../api/list-role-options';
import { genderOptions } from './user-codes';

/** Fields of the add and edit pages; the username is fixed once created, roles are picked on add. */
export function UserFormFields({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation();
  const roles = useQuery({ ...roleOptionsQuery(), enabled: isNew });
  return (
    <>
      <ProFormText
        name="username"
        label={t('user.fields.username')}
        disabled={!isNew}
        rules={isNew ? [required(), ...username()] : []}
        fieldProps={{ 'data-testid': 'user-username' } as object}
      />
      <ProFormText
        name="email"
        label={t('user.fields.email')}
        rules={[required(), email()]}
        fieldProps={{ 'data-testid': 'user-email' } as object}
      />
      <ProFormText
        name="phone"
        label={t('user.fields.phone')}
        rules={[phone()]}
        fieldProps={{ 'data-testid': 'user-phone' } as object}
      />
      <ProFormText
        name="name"
        label={t('user.fields.name')}
        rules={[maxLen(64)]}
        fieldProps={{ 'data-testid': 'user-name' } as object}
      />
      <ProFormText name="nickname" label={t('user.fields.nickname')} rules={[maxLen(64)]} />
      <ProFormRadio.Group name="gender" label={t('user.fields.gender')} options={genderOptions(t)} />
      <ProFormDatePicker name="birthday" label={t('user.fields.birthday')} fieldProps={{ format: 'YYYY-MM-DD' }} />
      <ProFormRadio.Group
        name="dataPermission"
        label={t('user.fields.dataPermission')}
        options={[
          { value: 'all', label: t('user.dataPermission.all') },
          { value: 'self', label: t('user.dataPermission.self') },
        ]}
      />
      {isNew && (
        <ProFormSelect
          name="roleIds"
          label={t('user.fields.roles')}
          mode="multiple"
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          fieldProps={{ loading: roles.isPending, optionFilterProp: 'label', 'data-testid': 'user-roles' } as object}
        />
      )}
    </>
  );
}
