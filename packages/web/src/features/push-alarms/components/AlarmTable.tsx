import { useRef, useState } from 'react';
import { Alert } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { ALARM_RETENTION_DAYS, DEFAULT_ALARM_SETTINGS, type PushAlarm } from '@herald/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountOptionsQuery } from '../../../lib/account-options';
import { useCan } from '../../../lib/can';
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
import { useSession } from '../../../lib/session-context';
import { alarmSettingsQuery, listPushAlarms } from '../api/push-alarms-api';
import { DEVICE_LIST, deviceDetail, SILENCE_MUTE, WARN_QUERY } from './codes';
import { LatencyTag } from './LatencyTag';
import { MuteButton, UnmuteButton } from './MuteButtons';
import { MuteState } from './MuteState';

/** The time range filter (on the last alarm) as ISO instants, so the server and the viewer agree. */
const rangeToQuery = (v: [string, string]) => ({
  from: dayjs(v[0]).toISOString(),
  to: dayjs(v[1]).endOf('second').toISOString(),
});

/**
 * Push-delay alarms of the last 7 days: the latency in its grade's colour (the account's grades;
 * operators, who see every account's alarms, the default grades), and muting the devices' alarms.
 */
export function AlarmTable() {
  const { t } = useTranslation();
  const can = useCan();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);
  const [selected, setSelected] = useState<PushAlarm[]>([]);
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const settings = useQuery(alarmSettingsQuery(side === 'ac' && can(WARN_QUERY)));
  const grades = (side === 'ac' ? settings.data?.grades : undefined) ?? DEFAULT_ALARM_SETTINGS.grades;
  const canMute = can(SILENCE_MUTE);
  const f = (k: string) => t(`pushAlarm.fields.${k}`);
  const reload = () => {
    action.current?.clearSelected?.();
    setSelected([]);
    void action.current?.reload();
  };

  const account: ProColumns<PushAlarm> = {
    title: f('account'),
    dataIndex: 'accountId',
    valueType: 'select',
    fieldProps: {
      options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
      showSearch: true,
      optionFilterProp: 'label',
    },
    render: (_, a) => a.accountName ?? '-',
  };
  const columns: ProColumns<PushAlarm>[] = [
    {
      title: f('sn'),
      dataIndex: 'sn',
      render: (_, a) =>
        can(DEVICE_LIST) ? (
          <Link to={deviceDetail(a.deviceId)} data-testid={`alarm-row-${a.sn}`}>
            {a.sn}
          </Link>
        ) : (
          <span data-testid={`alarm-row-${a.sn}`}>{a.sn}</span>
        ),
    },
    { title: f('deviceName'), dataIndex: 'deviceName', search: false, render: (_, a) => a.deviceName || '-' },
    ...(side === 'op' ? [account] : []),
    {
      title: f('firstAlarmAt'),
      dataIndex: 'firstAlarmAt',
      search: false,
      sorter: true,
      render: (_, a) => formatDateTime(a.firstAlarmAt),
    },
    {
      title: f('lastAlarmAt'),
      dataIndex: 'lastAlarmAt',
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, a) => formatDateTime(a.lastAlarmAt),
    },
    {
      title: f('lastAlarmRange'),
      dataIndex: 'lastAlarmRange',
      valueType: 'dateTimeRange',
      hideInTable: true,
      fieldProps: {
        disabledDate: (d: Dayjs) => d.isBefore(dayjs().subtract(ALARM_RETENTION_DAYS, 'day'), 'day'),
      },
      search: { transform: rangeToQuery },
    },
    {
      title: f('latencyMs'),
      dataIndex: 'latencyMs',
      search: false,
      sorter: true,
      render: (_, a) => <LatencyTag id={a.id} latencyMs={a.latencyMs} grades={grades} />,
    },
    { title: f('thresholdMs'), dataIndex: 'thresholdMs', search: false, render: (_, a) => `${a.thresholdMs} ms` },
    { title: f('count'), dataIndex: 'count', search: false, sorter: true },
    {
      title: f('muted'),
      dataIndex: 'muted',
      valueType: 'select',
      valueEnum: { true: { text: t('pushAlarm.muted') }, false: { text: t('pushAlarm.notMuted') } },
      render: (_, a) => <MuteState alarm={a} />,
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      hideInTable: !canMute,
      render: (_, a) =>
        a.muted ? (
          <UnmuteButton
            link
            ids={[a.id]}
            title={t('pushAlarm.confirm.unmute', { sn: a.sn })}
            label={t('pushAlarm.actions.unmute')}
            testId={`alarm-unmute-${a.id}`}
            onDone={reload}
          />
        ) : (
          <MuteButton
            link
            ids={[a.id]}
            title={t('pushAlarm.confirm.mute', { sn: a.sn })}
            label={t('pushAlarm.actions.mute')}
            testId={`alarm-mute-${a.id}`}
            onDone={reload}
          />
        ),
    },
  ];

  const ids = selected.map((a) => a.id);
  return (
    <div data-testid="alarm-table">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="alarm-retention"
        message={t('pushAlarm.retention', { days: ALARM_RETENTION_DAYS })}
        description={side === 'op' ? t('pushAlarm.defaultGradesNote') : undefined}
      />
      <ProTable<PushAlarm>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        headerTitle={t('pushAlarm.tabs.alarms')}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        rowSelection={canMute ? { onChange: (_, rows) => setSelected(rows) } : undefined}
        request={async (params, sort) =>
          toTableResult(await listPushAlarms(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() =>
          canMute
            ? [
                <MuteButton
                  key="mute"
                  ids={ids}
                  title={t('pushAlarm.confirm.batchMute', { count: ids.length })}
                  label={t('pushAlarm.actions.batchMute')}
                  testId="alarm-batch-mute"
                  onDone={reload}
                />,
                <UnmuteButton
                  key="unmute"
                  ids={ids}
                  title={t('pushAlarm.confirm.batchUnmute', { count: ids.length })}
                  label={t('pushAlarm.actions.batchUnmute')}
                  testId="alarm-batch-unmute"
                  onDone={reload}
                />,
              ]
            : []
        }
      />
    </div>
  );
}
