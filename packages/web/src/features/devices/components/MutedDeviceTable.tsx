import { useRef, useState } from 'react';
import { Button } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { listMutedDevices } from '../api/list-muted-devices';
import type { Device } from '../api/types';
import { CommandTrackerProvider } from './CommandTracker';
import { OnlineTag } from './DeviceTags';
import { useDeviceActions } from './use-device-actions';

const SILENCE_MUTE = ['herald.device.physical.push.alert.silence.mute'];

/**
 * Muted devices (the mute lifts by itself after 24 hours) with unmute, one or many: a tab of the
 * device alarms page, which the shell composes with the push-delay alarms.
 */
export function MutedDeviceTable() {
  return (
    <CommandTrackerProvider>
      <SilenceTable />
    </CommandTrackerProvider>
  );
}

function SilenceTable() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useRef<ActionType>(undefined);
  const [selected, setSelected] = useState<Device[]>([]);
  const reload = () => {
    action.current?.clearSelected?.();
    void action.current?.reload();
  };
  const actions = useDeviceActions(reload, { unmute: SILENCE_MUTE });
  const canUnmute = actions.allowed('unmute');

  const columns: ProColumns<Device>[] = [
    { title: t('device.fields.sn'), dataIndex: 'sn' },
    { title: t('device.fields.name'), dataIndex: 'name', render: (_, d) => d.name || '-' },
    { title: t('device.fields.model'), dataIndex: 'modelName', search: false },
    { title: t('device.fields.group'), dataIndex: 'groupName', search: false },
    {
      title: t('device.fields.online'),
      dataIndex: 'online',
      search: false,
      render: (_, d) => <OnlineTag device={d} />,
    },
    {
      title: t('device.fields.mutedUntil'),
      dataIndex: 'mutedUntil',
      search: false,
      sorter: true,
      render: (_, d) => formatDateTime(d.mutedUntil),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      hideInTable: !canUnmute,
      render: (_, d) => (
        <a onClick={() => actions.run('unmute', [d])} data-testid={`device-unmute-${d.id}`}>
          {actions.label('unmute')}
        </a>
      ),
    },
  ];

  return (
    <div data-testid="device-silence-table">
      <ProTable<Device>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        headerTitle={t('route.silenceList')}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        rowSelection={canUnmute ? { onChange: (_, rows) => setSelected(rows) } : undefined}
        request={async (params, sort) =>
          toTableResult(await listMutedDevices(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          canUnmute && (
            <Button key="unmute" onClick={() => actions.run('unmute', selected)} data-testid="device-batch-unmute">
              {t('device.actions.batchUnmute')}
            </Button>
          ),
          <Button key="back" onClick={() => navigate('/device/list')}>
            {t('common.back')}
          </Button>,
        ]}
      />
      {actions.modals}
    </div>
  );
}
