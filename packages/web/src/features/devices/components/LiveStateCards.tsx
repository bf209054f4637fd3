import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import {
  ClockCircleOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  PrinterOutlined,
  ThunderboltOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isPrinterType, type Telemetry } from '@herald/contract';
import { formatDateTime } from '../../../lib/format';
import type { DeviceDetail } from '../api/types';
import { formatBytes } from './device-codes';
import { Battery, OnlineTag, PrinterStateTag } from './DeviceTags';

function StateCard({
  title,
  icon,
  testId,
  children,
}: {
  title: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card size="small" data-testid={testId} style={{ height: '100%' }}>
      <Typography.Text type="secondary">
        {icon} {title}
      </Typography.Text>
      <div style={{ marginTop: 8, fontSize: 16, minHeight: 28 }}>{children}</div>
    </Card>
  );
}

/** The device's live state as last reported; the page refreshes it while open. */
export function LiveStateCards({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const tm = (device.telemetry ?? {}) as Partial<Telemetry>;
  const gnss = tm.location?.gnss;
  const lat = device.lat ?? gnss?.lat;
  const lng = device.lng ?? gnss?.lng;
  const cells = tm.location?.cells?.length ?? 0;

  return (
    <div data-testid="device-live-state">
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={12} lg={6}>
          <StateCard title={t('device.fields.online')} icon={<ClockCircleOutlined />} testId="device-state-online">
            <OnlineTag device={device} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(device.online ? device.lastOnlineAt : device.lastOfflineAt)}
            </Typography.Text>
          </StateCard>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StateCard title={t('device.fields.battery')} icon={<ThunderboltOutlined />} testId="device-state-battery">
            <Battery level={tm.battery?.level ?? device.batteryLevel} state={tm.battery?.state} />
            {tm.battery?.state && (
              <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }}>
                {t(`device.batteryState.${tm.battery.state}`)}
              </Typography.Text>
            )}
          </StateCard>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StateCard title={t('device.fields.network')} icon={<WifiOutlined />} testId="device-state-network">
            {tm.network ? (
              <>
                {t(`device.network.${tm.network.type}`)}
                <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }}>
                  {t('device.signal', { value: tm.network.signal })}
                </Typography.Text>
              </>
            ) : (
              '-'
            )}
          </StateCard>
        </Col>
        {isPrinterType(device.modelType) && (
          <Col xs={24} sm={12} lg={6}>
            <StateCard title={t('device.fields.printerState')} icon={<PrinterOutlined />} testId="device-state-printer">
              <PrinterStateTag state={tm.printer?.state} />
              {tm.printer?.logo && (
                <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }} data-testid="device-state-logo">
                  {t('device.startupLogo', { width: tm.printer.logo.width, height: tm.printer.logo.height })}
                </div>
              )}
            </StateCard>
          </Col>
        )}
        <Col xs={24} sm={12} lg={6}>
          <StateCard title={t('device.fields.freeMemory')} icon={<DatabaseOutlined />} testId="device-state-memory">
            <Statistic value={formatBytes(tm.freeMemory)} valueStyle={{ fontSize: 16 }} />
          </StateCard>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StateCard title={t('device.fields.firmware')} icon={<DatabaseOutlined />} testId="device-state-firmware">
            {tm.firmware ?? device.firmwareVersion ?? '-'}
            {tm.resources && Object.keys(tm.resources).length > 0 && (
              <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>
                {Object.entries(tm.resources)
                  .map(([k, v]) => `${k} ${v}`)
                  .join(' · ')}
              </div>
            )}
          </StateCard>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StateCard title={t('device.fields.location')} icon={<EnvironmentOutlined />} testId="device-state-location">
            {lat !== undefined && lat !== null && lng !== undefined && lng !== null ? (
              <span>
                {lat.toFixed(5)}, {lng.toFixed(5)}
              </span>
            ) : cells ? (
              t('device.cells', { count: cells })
            ) : (
              '-'
            )}
          </StateCard>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <StateCard title={t('device.fields.volume')} icon={<ClockCircleOutlined />} testId="device-state-volume">
            {tm.volume ?? '-'}
            {(tm.muted ?? device.muted) && (
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {t('device.muted')}
              </Typography.Text>
            )}
          </StateCard>
        </Col>
      </Row>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 8 }}>
        {t('device.telemetryAt', { at: formatDateTime(device.telemetryAt) })}
      </Typography.Text>
    </div>
  );
}
