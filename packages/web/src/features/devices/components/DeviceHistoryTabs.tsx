import { Button, Table, Tabs, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { downloadLog } from '../api/download-log';
import type { DeviceCommand, DeviceDetail, DeviceLog } from '../api/types';
import { formatBytes } from './device-codes';

type Connection = DeviceDetail['connections'][number];

const duration = (from: string, to: string | null) => {
  const s = dayjs(to ?? undefined).diff(dayjs(from), 'second');
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
};

const COMMAND_COLOURS = { sent: 'processing', acked: 'green', failed: 'red', expired: 'orange' } as const;

/** Online history, recent commands with what the device answered, and uploaded logs. */
export function DeviceHistoryTabs({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        {
          key: 'connections',
          label: <span data-testid="device-tab-connections">{t('device.history.connections')}</span>,
          children: (
            <Table<Connection>
              data-testid="device-connections"
              size="small"
              rowKey="id"
              dataSource={device.connections}
              pagination={{ pageSize: 10 }}
              columns={[
                { title: t('device.history.connectedAt'), dataIndex: 'connectedAt', render: formatDateTime },
                {
                  title: t('device.history.disconnectedAt'),
                  dataIndex: 'disconnectedAt',
                  render: (v: string | null) => (v ? formatDateTime(v) : <Tag color="green">{t('device.online')}</Tag>),
                },
                {
                  title: t('device.history.duration'),
                  key: 'duration',
                  render: (_, c) => duration(c.connectedAt, c.disconnectedAt),
                },
                { title: t('device.history.ip'), dataIndex: 'ip', render: (v) => v || '-' },
                { title: t('device.history.reason'), dataIndex: 'reason', render: (v) => v || '-' },
              ]}
            />
          ),
        },
        {
          key: 'commands',
          label: <span data-testid="device-tab-commands">{t('device.history.commands')}</span>,
          children: (
            <Table<DeviceCommand>
              data-testid="device-commands"
              size="small"
              rowKey="id"
              dataSource={device.commands}
              pagination={{ pageSize: 10 }}
              columns={[
                { title: t('device.history.sentAt'), dataIndex: 'sentAt', render: formatDateTime },
                {
                  title: t('device.history.command'),
                  dataIndex: 'command',
                  render: (c: string) => t(`device.commands.${c}`, { defaultValue: c }),
                },
                {
                  title: t('device.command.result'),
                  dataIndex: 'status',
                  render: (s: DeviceCommand['status'], c) => (
                    <Tag color={COMMAND_COLOURS[s]} data-testid={`device-command-${c.id}`} data-status={s}>
                      {t(`device.commandStatus.${s}`)}
                      {c.ackCode && c.ackCode !== 'ok' ? ` (${c.ackCode})` : ''}
                    </Tag>
                  ),
                },
                {
                  title: t('device.history.latency'),
                  dataIndex: 'latencyMs',
                  render: (v: number | null) => (v === null ? '-' : `${v} ms`),
                },
                { title: t('device.history.ackedAt'), dataIndex: 'ackedAt', render: formatDateTime },
                { title: t('device.history.message'), dataIndex: 'ackMessage', render: (v) => v || '-' },
              ]}
            />
          ),
        },
        {
          key: 'logs',
          label: <span data-testid="device-tab-logs">{t('device.history.logs')}</span>,
          children: (
            <Table<DeviceLog>
              data-testid="device-logs"
              size="small"
              rowKey="id"
              dataSource={device.logs}
              pagination={{ pageSize: 10 }}
              columns={[
                { title: t('device.history.requestedAt'), dataIndex: 'createdAt', render: formatDateTime },
                {
                  title: t('device.history.logStatus'),
                  dataIndex: 'status',
                  render: (s: DeviceLog['status']) => t(`device.logStatus.${s}`),
                },
                { title: t('device.history.fileName'), dataIndex: 'fileName', render: (v) => v || '-' },
                { title: t('device.history.size'), dataIndex: 'size', render: (v: number | null) => formatBytes(v) },
                { title: t('device.history.uploadedAt'), dataIndex: 'uploadedAt', render: formatDateTime },
                {
                  title: t('common.operation'),
                  key: 'download',
                  render: (_, l) =>
                    l.status === 'uploaded' && (
                      <Button
                        type="link"
                        size="small"
                        icon={<DownloadOutlined />}
                        onClick={() => void downloadLog(device.id, l.id, l.fileName)}
                        data-testid={`device-log-download-${l.id}`}
                      >
                        {t('device.actions.download')}
                      </Button>
                    ),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
