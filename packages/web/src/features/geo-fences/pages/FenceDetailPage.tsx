import { Button, Card, Descriptions, Popconfirm, Space, Typography, type ButtonProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useIdParam } from '../../../lib/use-id-param';
import { deleteFence, fenceQuery } from '../api/geo-fences-api';
import { FENCE_LIST, fenceEdit, P } from '../components/codes';
import { FenceDevicesTable } from '../components/FenceDevicesTable';
import { FenceEventsTable } from '../components/FenceEventsTable';
import { FenceMap } from '../components/FenceMap';
import { FenceStatusSwitch } from '../components/FenceStatusSwitch';
import { DetailTitle } from '../../../components/DetailTitle';

/** A fence (`?id=`): its circle and devices on the map, where each device is against it, and its recent events. */
export function FenceDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const query = useQuery({ ...fenceQuery(id), staleTime: 0 });
  const fence = query.data;
  if (!fence) return <DetailFallback query={query} back={FENCE_LIST} />;
  const f = (k: string) => t(`geoFence.fields.${k}`);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['geo-fences'] });

  const remove = async () => {
    try {
      await deleteFence(fence.id);
    } catch {
      return; // the HTTP client has shown the server's message
    }
    toastSuccess();
    // this page's own query would fetch the deleted fence again and toast 'not found' over the success
    queryClient.removeQueries({ queryKey: ['geo-fences', fence.id] });
    refresh();
    navigate(FENCE_LIST);
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="fence-detail">
      <Card
        title={<DetailTitle name={fence.name} />}
        extra={
          <Space wrap>
            <FenceStatusSwitch fence={fence} onDone={refresh} />
            {can(`${P}.edit`) && (
              <Button onClick={() => navigate(fenceEdit(fence.id))} data-testid="fence-detail-edit">
                {t('common.edit')}
              </Button>
            )}
            {can(`${P}.delete`) && (
              <Popconfirm
                title={t('geoFence.confirm.delete', { name: fence.name })}
                description={t('geoFence.confirm.deleteHint')}
                okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' } as ButtonProps}
                onConfirm={remove}
              >
                <Button danger data-testid="fence-detail-delete">
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
            <Button onClick={() => navigate(FENCE_LIST)}>{t('common.back')}</Button>
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid="fence-detail-fields">
          <Descriptions.Item label={f('id')}>{fence.id}</Descriptions.Item>
          <Descriptions.Item label={f('name')}>
            <span data-testid="fence-detail-name">{fence.name}</span>
          </Descriptions.Item>
          <Descriptions.Item label={f('radius')}>
            <span data-testid="fence-detail-radius">{t('geoFence.metres', { value: fence.radius })}</span>
          </Descriptions.Item>
          <Descriptions.Item
            label={f('centre')}
          >{`${fence.lat.toFixed(6)}, ${fence.lng.toFixed(6)}`}</Descriptions.Item>
          <Descriptions.Item label={f('deviceCount')}>
            <span data-testid="fence-detail-device-count">{fence.deviceCount}</span>
          </Descriptions.Item>
          <Descriptions.Item label={f('alarmCount')}>
            <Typography.Text type={fence.alarmCount > 0 ? 'danger' : undefined} data-testid="fence-detail-alarm-count">
              {fence.alarmCount}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={f('createdAt')}>{formatDateTime(fence.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={f('updatedAt')}>{formatDateTime(fence.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={f('description')} span={3}>
            <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{fence.description || '-'}</div>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('geoFence.mapTitle')}>
        <FenceMap fence={fence} />
      </Card>
      <Card title={t('geoFence.devicesTitle', { count: fence.devices.length })}>
        <FenceDevicesTable fence={fence} />
      </Card>
      <FenceEventsTable fenceId={fence.id} testId="fence-detail-events" />
    </Space>
  );
}
