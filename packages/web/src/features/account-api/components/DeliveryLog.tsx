import { useRef, useState } from 'react';
import { Descriptions, Drawer, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { WEBHOOK_EVENTS, type WebhookAttempt, type WebhookDelivery } from '@herald/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import {
  FIT_SCROLL,
  fitColumns,
  PAGINATION,
  toPageQuery,
  toTableResult,
  type SortState,
  type TableParams,
} from '../../../lib/pro-table';
import { deliveryQuery, listDeliveries, redeliver } from '../api/webhook-deliveries';
import { CAN_EDIT } from './codes';
import { DeliveryStatus, lastResultText } from '../../../components/DeliveryStatus';

/**
 * Webhook deliveries of the account; a row opens its attempts. "Dead letters" shows only the
 * deliveries that gave up; any delivery can be sent again (a new delivery linked to it).
 */
export function DeliveryLog() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const table = useRef<ActionType>(null);
  const [openId, setOpenId] = useState<number>();
  const [deadOnly, setDeadOnly] = useState(false);
  const detail = useQuery(deliveryQuery(openId));
  const status = (s: WebhookDelivery['status']) => <DeliveryStatus status={s} />;

  const sendAgain = async (d: WebhookDelivery) => {
    try {
      const again = await redeliver(d.id);
      toastSuccess(t('accountApi.delivery.redelivered', { id: again.id }));
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] });
      table.current?.reload();
    } catch {
      // the HTTP client has shown the server's message
    }
  };
  const redeliverButton = (d: WebhookDelivery, testId: string) =>
    can(CAN_EDIT) ? (
      <Popconfirm
        title={t('accountApi.delivery.redeliverConfirm', { id: d.id })}
        okButtonProps={{ 'data-testid': `${testId}-ok` }}
        onConfirm={() => sendAgain(d)}
      >
        <a data-testid={testId}>{t('accountApi.delivery.redeliver')}</a>
      </Popconfirm>
    ) : null;

  const columns: ProColumns<WebhookDelivery>[] = [
    { title: t('accountApi.delivery.id'), dataIndex: 'id', search: false, width: 80 },
    {
      title: t('accountApi.delivery.event'),
      dataIndex: 'event',
      valueType: 'select',
      fieldProps: { options: WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(`accountApi.events.${e}`) })) },
      render: (_, d) => (
        <Space size={4} wrap>
          <Tag>{t(`accountApi.events.${d.event}`, { defaultValue: d.event })}</Tag>
          {d.test && <Tag color="purple">{t('accountApi.delivery.test')}</Tag>}
          {d.redeliveryOf !== null && (
            <Tag color="cyan" data-testid={`api-delivery-redelivery-of-${d.id}`}>
              {t('accountApi.delivery.redeliveryOf', { id: d.redeliveryOf })}
            </Tag>
          )}
        </Space>
      ),
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
      render: (_, d) => <span data-testid={`api-delivery-status-${d.id}`}>{status(d.status)}</span>,
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
      render: (_, d) => [
        <a key="open" onClick={() => setOpenId(d.id)} data-testid={`api-delivery-open-${d.id}`}>
          {t('accountApi.delivery.attemptsTitle')}
        </a>,
        <span key="again">{redeliverButton(d, `api-delivery-redeliver-${d.id}`)}</span>,
      ],
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
        actionRef={table}
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        headerTitle={t('accountApi.tabs.log')}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        params={{ deadOnly }}
        toolBarRender={() => [
          <Segmented
            key="dead"
            data-testid="api-delivery-dead-filter"
            value={deadOnly ? 'dead' : 'all'}
            onChange={(v) => setDeadOnly(v === 'dead')}
            options={[
              {
                value: 'all',
                label: <span data-testid="api-delivery-filter-all">{t('accountApi.delivery.all')}</span>,
              },
              {
                value: 'dead',
                label: <span data-testid="api-delivery-filter-dead">{t('accountApi.delivery.deadLetters')}</span>,
              },
            ]}
          />,
        ]}
        request={async (params, sort) => {
          const { deadOnly: dead, ...rest } = params as TableParams & { deadOnly?: boolean };
          const query = toPageQuery(rest as TableParams, sort as SortState);
          // dead letters: the deliveries that gave up (status failed), whatever else is chosen
          return toTableResult(await listDeliveries(dead ? { ...query, status: 'failed' } : query));
        }}
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
              {d.redeliveryOf !== null && (
                <Descriptions.Item label={t('accountApi.delivery.redeliveryOfTitle')} span={2}>
                  {d.redeliveryOf}
                </Descriptions.Item>
              )}
            </Descriptions>
            <div style={{ marginTop: 12 }}>{redeliverButton(d, `api-delivery-drawer-redeliver-${d.id}`)}</div>
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
