import { Card } from 'antd';
import { ProForm, ProFormDependency, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SN_RE } from '@herald/contract';
import { confirmDialog, toastSuccess } from '../../../lib/feedback';
import { maxLen, phone, required, requiredSelect } from '../../../lib/form-rules';
import { useSession } from '../../../lib/session-context';
import { createDevice } from '../api/create-device';
import { accountOptionsQuery } from '../../../lib/account-options';
import { appOptionsQuery, groupOptionsQuery, manufacturerOptionsQuery, modelOptionsQuery } from '../../../lib/lookups';
import type { CreateDeviceBody } from '../api/types';
import { cleanValues } from '../components/clean-values';
import { DeviceSecretNotice } from '../components/DeviceSecretNotice';
import { groupLabel } from '../../../lib/group-label';
import { pageSubmitter } from '../../../lib/page-submitter';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

/** Groups and applications belong to an account: operators pick the account first. */
function AccountScopedSelects({ accountId }: { accountId?: number }) {
  const { t } = useTranslation();
  const { side } = useSession();
  const scoped = side === 'ac' || !!accountId;
  const groups = useQuery(groupOptionsQuery(accountId, scoped));
  const apps = useQuery(appOptionsQuery(accountId, scoped));
  return (
    <>
      <ProFormSelect
        name="groupId"
        label={t('device.fields.group')}
        extra={t('device.defaultGroupHint')}
        options={(groups.data ?? []).map((g) => ({ value: g.id, label: groupLabel(g, t) }))}
        fieldProps={{ loading: scoped && groups.isPending, 'data-testid': 'device-group' } as object}
      />
      <ProFormSelect
        name="appId"
        label={t('device.fields.app')}
        options={(apps.data ?? []).map((a) => ({
          value: a.id,
          label: `${a.name} (${t(`app.accessType.${a.accessType}`)})`,
        }))}
        fieldProps={{ loading: scoped && apps.isPending, 'data-testid': 'device-app' } as object}
      />
    </>
  );
}

export function DeviceAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const { side } = useSession();
  const models = useQuery(modelOptionsQuery());
  const manufacturers = useQuery(manufacturerOptionsQuery());
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const back = () => navigate('/device/list');

  return (
    <Card title={t('device.actions.add')}>
      <ProForm<CreateDeviceBody>
        data-testid="device-add-form"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        submitter={pageSubmitter('submit', 'device-submit', back)}
        onFinish={async (v) => {
          let created;
          try {
            created = await createDevice(cleanValues(v));
          } catch {
            return false;
          }
          if (created.secret) {
            confirmDialog({
              title: t('device.created'),
              content: <DeviceSecretNotice sn={created.sn} secret={created.secret} />,
              okText: t('device.secretSaved'),
              okButtonProps: { 'data-testid': 'device-secret-ok' },
              cancelButtonProps: { style: { display: 'none' } },
              width: 520,
              onOk: () => leave('/device/list'),
            });
          } else {
            toastSuccess(t('device.created'));
            leave('/device/list');
          }
          return true;
        }}
      >
        {side === 'op' && (
          <ProFormSelect
            name="accountId"
            label={t('device.fields.account')}
            rules={[requiredSelect()]}
            options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
            fieldProps={{ showSearch: true, optionFilterProp: 'label', 'data-testid': 'device-account' } as object}
          />
        )}
        <ProFormText
          name="sn"
          label={t('device.fields.sn')}
          rules={[required(), { pattern: SN_RE, message: t('error.snInvalid') }]}
          extra={t('device.snHint')}
          fieldProps={{ 'data-testid': 'device-sn' } as object}
        />
        <ProFormText
          name="name"
          label={t('device.fields.name')}
          rules={[maxLen(64)]}
          fieldProps={{ 'data-testid': 'device-name' } as object}
        />
        <ProFormSelect
          name="modelId"
          label={t('device.fields.model')}
          rules={[requiredSelect()]}
          options={(models.data ?? [])
            .filter((m) => m.status === 1)
            .map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))}
          fieldProps={{ showSearch: true, optionFilterProp: 'label', 'data-testid': 'device-model' } as object}
        />
        <ProFormDependency name={['accountId']}>
          {({ accountId }) => <AccountScopedSelects accountId={accountId as number | undefined} />}
        </ProFormDependency>
        <ProFormSelect
          name="manufacturerId"
          label={t('device.fields.manufacturer')}
          options={(manufacturers.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          fieldProps={{ 'data-testid': 'device-manufacturer' } as object}
        />
        <ProFormText
          name="contactPhone"
          label={t('device.fields.contactPhone')}
          rules={[phone()]}
          fieldProps={{ 'data-testid': 'device-contact-phone' } as object}
        />
      </ProForm>
    </Card>
  );
}
