import { Button, Card, Descriptions, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { useIdParam } from '../../../lib/use-id-param';
import { registrationQuery } from '../api/registrations';
import { P_APPLY } from '../components/device-codes';
import { OnlineTag, StatusTag } from '../components/DeviceTags';
import { DetailTitle } from '../../../components/DetailTitle';

/**
 * A registered device, read-only: how it was registered (application, manufacturer, activation).
 * Live state and commands belong to the device list's detail page and its permission.
 */
export function DeviceApplyDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { side } = useSession();
  const id = useIdParam();
  const query = useQuery({ ...registrationQuery(id), staleTime: 0 });
  const d = query.data;
  if (!d) return <DetailFallback query={query} back="/device/device-apply" />;
  const text = (v?: string | number | null) => (v === null || v === undefined || v === '' ? '-' : v);
  return (
    <Card
      data-testid="device-apply-detail"
      title={<DetailTitle name={d.sn} />}
      extra={
        <Space>
          {can(`${P_APPLY}.edit`) && (
            <Button type="primary" onClick={() => navigate(`/device/device-apply/edit?id=${d.id}`)}>
              {t('common.edit')}
            </Button>
          )}
          <Button onClick={() => navigate('/device/device-apply')}>{t('common.back')}</Button>
        </Space>
      }
    >
      <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="device-summary">
        <Descriptions.Item label={t('device.fields.sn')}>
          <span data-testid="device-sn-value">{d.sn}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.name')}>{text(d.name)}</Descriptions.Item>
        {side === 'op' && (
          <Descriptions.Item label={t('device.fields.account')}>{text(d.accountName)}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('device.fields.model')}>
          {text(d.modelName)} {d.modelCode ? `(${d.modelCode})` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.app')}>{text(d.appName)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.manufacturer')}>{text(d.manufacturerName)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.group')}>{text(d.groupName)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.activated')}>
          {t(d.activated ? 'device.activated' : 'device.notActivated')}
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.registeredAt')}>{formatDateTime(d.activatedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.createdAt')}>{formatDateTime(d.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.status')}>
          <StatusTag status={d.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.online')}>
          <OnlineTag device={d} />
        </Descriptions.Item>
        <Descriptions.Item label={t('device.fields.firmware')}>{text(d.firmwareVersion)}</Descriptions.Item>
        <Descriptions.Item label={t('device.fields.contactPhone')}>{text(d.contactPhone)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
