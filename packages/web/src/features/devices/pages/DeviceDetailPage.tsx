import { Button, Card, Space } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../../components/BrandMark';
import { DetailFallback } from '../../../components/DetailFallback';
import { DetailTitle } from '../../../components/DetailTitle';
import { MoreActions, type MoreAction } from '../../../components/MoreActions';
import { useCan } from '../../../lib/can';
import { useIdParam } from '../../../lib/use-id-param';
import { pushLogoTo } from '../../../lib/push-task-paths';
import { deviceQuery } from '../api/get-device';
import { CommandTrackerProvider } from '../components/CommandTracker';
import { LOCATION, P } from '../components/device-codes';
import { DeviceHistoryTabs } from '../components/DeviceHistoryTabs';
import { DeviceInfoModal } from '../components/DeviceInfoModal';
import { DeviceQueueCard } from '../components/DeviceQueueCard';
import { DeviceSummary } from '../components/DeviceSummary';
import { LiveStateCards } from '../components/LiveStateCards';
import { applicable, type DeviceActionKey } from '../components/device-actions';
import { useFallbackPoll, useLiveEvents } from '../../../lib/live';
import { useDeviceActions } from '../components/use-device-actions';

const BUTTONS: DeviceActionKey[] = [
  'restart',
  'pause',
  'resume',
  'mute',
  'unmute',
  'uploadLog',
  'qr',
  'enable',
  'disable',
  'testPrint',
];
/** shown as buttons; the rest wait behind "More" so the device's name keeps its room */
const PRIMARY: DeviceActionKey[] = ['testPrint', 'restart'];

export function DeviceDetailPage() {
  return (
    <CommandTrackerProvider>
      <DeviceDetail />
    </CommandTrackerProvider>
  );
}

/** A device with its live state (refreshed as the live feed reports changes), history and actions. */
function DeviceDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const id = useIdParam();
  // only a device on screen is polled (slowly, while the live feed is down): one that cannot load
  // would answer each poll with an error toast
  const poll = useFallbackPoll();
  const query = useQuery({
    ...deviceQuery(id),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data ? poll : false),
  });
  const { data: d, refetch } = query;
  useLiveEvents(
    ['presence', 'deviceState', 'job'],
    () => void refetch(),
    (_type, e) => e.deviceId === id,
  );
  const actions = useDeviceActions(() => void refetch());
  if (!d) return <DetailFallback query={query} back="/device/list" />;

  const keys = BUTTONS.filter((k) => applicable(d).includes(k) && actions.allowed(k));
  const more: MoreAction[] = [
    ...keys
      .filter((k) => !PRIMARY.includes(k))
      .map((key) => ({
        key,
        label: actions.label(key),
        danger: key === 'disable',
        testId: `device-detail-${key}`,
        onClick: () => actions.run(key, [d]),
      })),
    ...(can(`${P}.edit`)
      ? [
          {
            key: 'editPrint',
            label: t('device.actions.editPrint'),
            testId: 'device-detail-edit-print',
            onClick: () => navigate(`/device/list/edit-print?id=${d.id}`),
          },
        ]
      : []),
    ...(d.modelType === 'printer' && can('herald.push.task.add')
      ? [
          {
            key: 'logo',
            label: t('device.actions.startupLogo'),
            testId: 'device-detail-logo',
            onClick: () => navigate(pushLogoTo(d)),
          },
        ]
      : []),
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="device-detail">
      <Card
        title={<DetailTitle name={d.name || d.sn} prefix={<BrandMark brand={d.brand} size={28} />} />}
        extra={
          <Space wrap>
            {keys
              .filter((k) => PRIMARY.includes(k))
              .map((key) => (
                <Button
                  key={key}
                  type={key === PRIMARY.find((p) => keys.includes(p)) ? 'primary' : 'default'}
                  onClick={() => actions.run(key, [d])}
                  data-testid={`device-detail-${key}`}
                >
                  {actions.label(key)}
                </Button>
              ))}
            {can(`${P}.edit`) && <DeviceInfoModal device={d} onDone={() => void refetch()} />}
            {can(LOCATION) && (
              <Button
                icon={<EnvironmentOutlined />}
                onClick={() => navigate(`/device/list/detail/gs-detail?id=${d.id}`)}
                data-testid="device-detail-location"
              >
                {t('device.actions.location')}
              </Button>
            )}
            <MoreActions actions={more} testId="device-detail-more" />
            <Button onClick={() => navigate('/device/list')}>{t('common.back')}</Button>
          </Space>
        }
      >
        <LiveStateCards device={d} />
      </Card>
      <Card>
        <DeviceSummary device={d} />
      </Card>
      <DeviceQueueCard deviceId={d.id} />
      <Card>
        <DeviceHistoryTabs device={d} />
      </Card>
      {actions.modals}
    </Space>
  );
}
