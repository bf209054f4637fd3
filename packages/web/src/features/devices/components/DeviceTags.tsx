import { Progress, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatteryState, PrinterState } from '@herald/contract';
import { formatDateTime } from '../../../lib/format';
import type { Device } from '../api/types';

export function OnlineTag({ device }: { device: Pick<Device, 'online' | 'lastOnlineAt' | 'lastOfflineAt' | 'id'> }) {
  const { t } = useTranslation();
  const since = device.online ? device.lastOnlineAt : device.lastOfflineAt;
  return (
    <Tooltip title={since ? `${t('device.since')} ${formatDateTime(since)}` : undefined}>
      <Tag
        color={device.online ? 'green' : 'default'}
        data-testid={`device-online-${device.id}`}
        data-online={device.online ? 'true' : 'false'}
      >
        {t(device.online ? 'device.online' : 'device.offline')}
      </Tag>
    </Tooltip>
  );
}

const STATUS_COLOURS: Record<number, string> = { [-1]: 'red', 0: 'orange', 1: 'default', 2: 'blue' };

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status] ?? 'default'}>{t(`device.status.${status}`)}</Tag>;
}

/** Paused, muted and QR flags next to the status. */
export function FlagTags({ device }: { device: Pick<Device, 'id' | 'paused' | 'muted' | 'mutedUntil' | 'activated'> }) {
  const { t } = useTranslation();
  return (
    <Space size={0} wrap>
      {!device.activated && <Tag>{t('device.notActivated')}</Tag>}
      {device.paused && (
        <Tag color="gold" data-testid={`device-paused-${device.id}`}>
          {t('device.paused')}
        </Tag>
      )}
      {device.muted && (
        <Tooltip
          title={device.mutedUntil ? `${t('device.mutedUntil')} ${formatDateTime(device.mutedUntil)}` : undefined}
        >
          <Tag color="purple" data-testid={`device-muted-${device.id}`}>
            {t('device.muted')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

const batteryColour = (level: number) => (level <= 10 ? '#ff4d4f' : level <= 25 ? '#faad14' : '#52c41a');

export function Battery({ level, state }: { level?: number | null; state?: BatteryState }) {
  const { t } = useTranslation();
  if (level === undefined || level === null) return <>-</>;
  return (
    <Tooltip title={state ? t(`device.batteryState.${state}`) : undefined}>
      <Space size={4}>
        <Progress percent={level} steps={5} size="small" strokeColor={batteryColour(level)} showInfo={false} />
        <span>{level}%</span>
      </Space>
    </Tooltip>
  );
}

const PRINTER_COLOURS: Record<PrinterState, string> = {
  normal: 'green',
  outOfPaper: 'orange',
  overheating: 'red',
  coverOpen: 'orange',
  otherException: 'red',
};

export function PrinterStateTag({ state }: { state?: PrinterState }) {
  const { t } = useTranslation();
  if (!state) return <>-</>;
  return (
    <Tag color={PRINTER_COLOURS[state]} data-testid="device-printer-state">
      {t(`device.printerState.${state}`)}
    </Tag>
  );
}
