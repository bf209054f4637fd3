import { useState } from 'react';
import { Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { WEBHOOK_EVENTS, type WebhookAttempt, type WebhookDelivery } from '@herald/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { PAGINATION, toPageQuery, toTableResult, type SortState, type TableParams } from '../../../lib/pro-table';
import { deliveryQuery, listDeliveries } from '../api/webhook-deliveries';
import { DeliveryStatus, lastResultText } from './DeliveryStatus';

/** Webhook deliveries of the account; a row opens its attempts. */
export function DeliveryLog() {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<number>();
  const detail = useQuery(deliveryQuery(openId));
  const status = (s: WebhookDelivery['status']) => <DeliveryStatus status={s} />;

  const columns: ProColumns<WebhookDelivery>[] = [
    { title: t('accountApi.delivery.id'), dataIndex: 'id', search: false, width: 80 },
    {
      title: t('accountApi.delivery.event'),
      dataIndex: 'event',
      valueType: 'select',
      fieldProps: { options: WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(`accountApi.events.${e}`) })) },
      render: (_, d) => <Tag>{t(`accountApi.events.${d.event}`, { defaultValue: d.event })}</Tag>,
    },
    {
      title: t('accountApi.delivery.statusTitle'),
      dataIndex: 'status',
      valueType: 'select',
      fieldProps: {
        options: (['pending', 'succeeded', 'failed'] as const).map((s) => ({
          value: s,
          label: t(`accountApi.delivery.status.${s}`),
        })),
      },
      render: (_, d) => status(d.status),
    },
    { title: t('accountApi.delivery.jobId'), dataIndex: 'jobId', width: 90 },
    { title: t('accountApi.delivery.attempts'), dataIndex: 'attempts', search: false, sorter: true, width: 80 },
    {
      title: t('accountApi.delivery.lastResult'),
      dataIndex: 'lastStatusCode',
      search: false,
      ellipsis: true,
      render: (_, d) => lastResultText(d),
    },
    {
      title: t('accountApi.delivery.nextAttemptAt'),
      dataIndex: 'nextAttemptAt',
      search: false,
      sorter: true,
      render: (_, d) => (d.status === 'pending' ? formatDateTime(d.nextAttemptAt) : '-'),
    },
    { title: t('accountApi.delivery.url'), dataIndex: 'url', search: false, ellipsis: true },
    {
      title: t('accountApi.delivery.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, d) => formatDateTime(d.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, d) => (
        <a onClick={() => setOpenId(d.id)} data-testid={`api-delivery-open-${d.id}`}>
          {t('accountApi.delivery.attemptsTitle')}
        </a>
      ),
    },
  ];

  const attemptColumns = [
    { title: '#', render: (_: unknown, __: WebhookAttempt, i: number) => i + 1, width: 50 },
    { title: t('accountApi.delivery.attemptedAt'), dataIndex: 'attemptedAt', render: (v: string) => formatDateTime(v) },
    { title: t('accountApi.delivery.statusCode'), dataIndex: 'statusCode', render: (v: number | null) => v ?? '-' },
    { title: t('accountApi.delivery.error'), dataIndex: 'error', render: (v: string | null) => v || '-' },
    { title: t('accountApi.delivery.duration'), dataIndex: 'durationMs', render: (v: number) => `${v} ms` },
  ];

  const d = detail.data;
  return (
    <div data-testid="api-delivery-table">
      <ProTable<WebhookDelivery>
        rowKey="id"
        columns={columns}
        headerTitle={t('accountApi.tabs.log')}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        request={async (params, sort) =>
          toTableResult(await listDeliveries(toPageQuery(params as TableParams, sort as SortState)))
        }
      />
      <Drawer
        open={openId !== undefined}
        onClose={() => setOpenId(undefined)}
        width={720}
        title={t('accountApi.delivery.attemptsTitle')}
        loading={detail.isPending && openId !== undefined}
        data-testid="api-delivery-drawer"
      >
        {d && (
          <>
            <Descriptions column={2} bordered size="small">
              <Descriptions.Item label={t('accountApi.delivery.event')}>
                {t(`accountApi.events.${d.event}`, { defaultValue: d.event })}
              </Descriptions.Item>
              <Descriptions.Item label={t('accountApi.delivery.statusTitle')}>{status(d.status)}</Descriptions.Item>
              <Descriptions.Item label={t('accountApi.delivery.url')} span={2}>
                {d.url}
              </Descriptions.Item>
            </Descriptions>
            <Table
              style={{ margin: '16px 0' }}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.attemptList}
              columns={attemptColumns}
            />
            <Typography.Text strong>{t('accountApi.delivery.payload')}</Typography.Text>
            <pre style={{ background: '#f5f5f5', padding: 12, overflow: 'auto' }}>
              {JSON.stringify(d.payload, null, 2)}
            </pre>
          </>
        )}
      </Drawer>
    </div>
  );
}
