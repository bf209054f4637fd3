import { ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maxLen, phone } from '../../../lib/form-rules';
import { groupOptionsQuery } from '../../../lib/lookups';
import { groupLabel } from '../../../lib/group-label';

/** Name, contact number and group: what PUT /v1/devices/:id changes. */
export function DeviceInfoFields({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const groups = useQuery(groupOptionsQuery(accountId));
  return (
    <>
      <ProFormText
        name="name"
        label={t('device.fields.name')}
        rules={[maxLen(64)]}
        fieldProps={{ 'data-testid': 'device-name' } as object}
      />
      <ProFormText
        name="contactPhone"
        label={t('device.fields.contactPhone')}
        rules={[phone()]}
        fieldProps={{ 'data-testid': 'device-contact-phone' } as object}
      />
      <ProFormSelect
        name="groupId"
        label={t('device.fields.group')}
        options={(groups.data ?? []).map((g) => ({ value: g.id, label: groupLabel(g, t) }))}
        fieldProps={{ loading: groups.isPending, allowClear: false, 'data-testid': 'device-group' } as object}
      />
    </>
  );
}
