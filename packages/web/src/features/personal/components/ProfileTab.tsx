import { Descriptions } from 'antd';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { countryName, formatDateTime } from '../../../lib/format';
import { maxLen, phone } from '../../../lib/form-rules';
import { useSession } from '../../../lib/session-context';
import { updateProfile, type ProfileBody } from '../api/update-profile';
import { AvatarField } from './AvatarField';

/** Account info: who I am, my account, and the editable profile fields. */
export function ProfileTab() {
  const { t, i18n } = useTranslation();
  const { user, account, side, roles, refetch } = useSession();
  return (
    <>
      <AvatarField />
      <Descriptions bordered column={2} style={{ marginBottom: 24 }} data-testid="personal-info">
        <Descriptions.Item label={t('user.fields.username')}>{user.username}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.email')}>{user.email}</Descriptions.Item>
        <Descriptions.Item label={t('personal.platform')}>
          {t(side === 'op' ? 'layout.opPlatform' : 'layout.acPlatform')}
        </Descriptions.Item>
        <Descriptions.Item label={t('user.fields.roles')}>
          {roles.filter((r) => !r.startsWith('herald.')).join(', ') || (user.isSuperAdmin ? t('user.superAdmin') : '-')}
        </Descriptions.Item>
        {account && <Descriptions.Item label={t('personal.account')}>{account.name}</Descriptions.Item>}
        {account && (
          <Descriptions.Item label={t('account.fields.country')}>
            {countryName(account.country, i18n.language)}
          </Descriptions.Item>
        )}
        {account && <Descriptions.Item label={t('account.fields.timeZone')}>{account.timeZone}</Descriptions.Item>}
        <Descriptions.Item label={t('user.fields.lastLoginAt')}>{formatDateTime(user.lastLoginAt)}</Descriptions.Item>
        <Descriptions.Item label={t('user.fields.lastLoginIp')}>{user.lastLoginIp || '-'}</Descriptions.Item>
      </Descriptions>
      <ProForm<ProfileBody>
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 10 }}
        initialValues={{ name: user.name ?? '', nickname: user.nickname ?? '', phone: user.phone ?? '' }}
        submitter={{
          searchConfig: { submitText: t('common.save') },
          resetButtonProps: false,
          render: (_, dom) => <div style={{ marginLeft: '16.6%' }}>{dom}</div>,
        }}
        onFinish={async (v) => {
          try {
            await updateProfile(v);
          } catch {
            return false;
          }
          toastSuccess();
          await refetch();
          return true;
        }}
      >
        <ProFormText name="name" label={t('user.fields.name')} rules={[maxLen(64)]} />
        <ProFormText name="nickname" label={t('user.fields.nickname')} rules={[maxLen(64)]} />
        <ProFormText name="phone" label={t('user.fields.phone')} rules={[phone()]} />
      </ProForm>
    </>
  );
}
