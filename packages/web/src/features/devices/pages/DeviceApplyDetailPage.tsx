import { Button, Card, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/can';
import { useIdParam } from '../../../lib/use-id-param';
import { deviceQuery } from '../api/get-device';
import { LIVE_REFRESH_MS, P_APPLY } from '../components/device-codes';
import { DeviceSummary } from '../components/DeviceSummary';
import { LiveStateCards } from '../components/LiveStateCards';

/** A registered device, read-only (commands live on the device list's detail page). */
export function DeviceApplyDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const id = useIdParam();
  const { data: d } = useQuery({ ...deviceQuery(id), staleTime: 0, refetchInterval: LIVE_REFRESH_MS });
  if (!d) return <Spin />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="device-apply-detail">
      <Card
        title={`${t('device.detailTitle')} · ${d.sn}`}
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
        <LiveStateCards device={d} />
      </Card>
      <Card>
        <DeviceSummary device={d} />
      </Card>
    </Space>
  );
}
