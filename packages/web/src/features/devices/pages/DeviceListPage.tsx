import { useRef, useState } from 'react';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  DownOutlined,
  PlusOutlined,
  SoundOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH, isPrinterType } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { toastWarning } from '../../../lib/feedback';
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
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { exportDevices } from '../api/job-control';
import { listDevices } from '../api/list-devices';
import { accountOptionsQuery } from '../../../lib/account-options';
import { accountUserOptionsQuery, appOptionsQuery } from '../../../lib/lookups';
import type { Device } from '../api/types';
import { CommandTrackerProvider } from '../components/CommandTracker';
import { P, SILENCE_VIEW, statusEnum, yesNoEnum } from '../components/device-codes';
import { DeviceRowActions } from '../components/DeviceRowActions';
import { Battery, FlagTags, OnlineTag, PrinterStateTag, StatusTag } from '../components/DeviceTags';
import type { DeviceActionKey } from '../components/device-actions';
import { useModelGroupColumns } from '../../../components/model-group-columns';
import { useLiveEvents } from '../../../lib/live';
import { useDeviceActions } from '../components/use-device-actions';

const BATCH: DeviceActionKey[] = [
  'enable',
  'disable',
  'pause',
  'resume',
  'mute',
  'unmute',
  'switchGroup',
  'assignOwner',
  'delete',
];

export function DeviceListPage() {
  // a link with other filters (the dashboard's cards) sets the form afresh, also on a page kept open in a tab
  const [searchParams] = useSearchParams();
  return (
    <CommandTrackerProvider>
      <DeviceTable key={searchParams.toString()} />
    </CommandTrackerProvider>
  );
}

/** A yes/no filter given in the link ('true' or 'false'), else none. */
const flagFrom = (v: string | null) => (v === 'true' || v === 'false' ? v : undefined);

/** The fleet: filters, live flags, row and batch actions. */
function DeviceTable() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { side } = useSession();
  // the dashboard's cards open the list on the account an operator was looking at
  const [searchParams] = useSearchParams();
  const accountFromUrl = side === 'op' ? Number(searchParams.get('accountId')) || undefined : undefined;
  const onlineFromUrl = flagFrom(searchParams.get('online'));
  const activatedFromUrl = flagFrom(searchParams.get('activated'));
  const action = useRef<ActionType>(undefined);
  /** the filters and order of the last load: what the export button exports */
  const lastQuery = useRef<Record<string, string | number | undefined>>({});
  const [selected, setSelected] = useState<Device[]>([]);
  const modelGroupColumns = useModelGroupColumns<Device>(side);
  // operators name the account for these lookups; their app filter is left out
  const apps = useQuery(appOptionsQuery(undefined, side === 'ac'));
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const owners = useQuery(accountUserOptionsQuery(undefined, side === 'ac'));
  useReloadOnReturn(action);
  const reload = () => {
    action.current?.clearSelected?.();
    setSelected([]);
    void action.current?.reload();
  };
  const actions = useDeviceActions(reload);
  // a device coming online or reporting changes its row; the selection stays
  useLiveEvents(['presence', 'deviceState'], () => void action.current?.reload());
  const batchKeys = BATCH.filter(actions.allowed);

  const openSilenceList = () => {
    if (!can(SILENCE_VIEW)) {
      toastWarning(t('device.noFeaturePermission'));
      navigate(HOME_PATH);
      return;
    }
    navigate('/device/list/silence-list');
  };

  const options = <T extends { id: number; name: string }>(rows?: T[]) =>
    (rows ?? []).map((r) => ({ value: r.id, label: r.name }));

  const columns: ProColumns<Device>[] = [
    {
      title: t('device.fields.sn'),
      dataIndex: 'sn',
      fixed: 'left',
      sorter: true,
      render: (_, d) => (
        <Link to={`/device/list/detail?id=${d.id}`} data-testid={`device-row-${d.sn}`}>
          {d.sn}
        </Link>
      ),
    },
    { title: t('device.fields.name'), dataIndex: 'name', sorter: true, render: (_, d) => d.name || '-' },
    {
      title: t('device.fields.account'),
      dataIndex: 'accountId',
      valueType: 'select',
      initialValue: accountFromUrl,
      hideInSearch: side !== 'op',
      hideInTable: side !== 'op',
      fieldProps: { showSearch: true, optionFilterProp: 'label', options: options(accounts.data) },
      render: (_, d) => d.accountName ?? '-',
    },
    ...modelGroupColumns,
    {
      title: t('device.fields.owner'),
      dataIndex: 'ownerUserId',
      valueType: 'select',
      // an operator's list spans accounts: its users are picked per account, not here
      hideInSearch: side !== 'ac',
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: (owners.data ?? []).map((u) => ({ value: u.id, label: u.name || u.username })),
      },
      render: (_, d) => <span data-testid={`device-owner-${d.sn}`}>{d.ownerName ?? '-'}</span>,
    },
    {
      title: t('device.fields.app'),
      dataIndex: 'appId',
      valueType: 'select',
      hideInTable: true,
      hideInSearch: side !== 'ac',
      fieldProps: { options: options(apps.data) },
    },
    {
      title: t('device.fields.online'),
      dataIndex: 'online',
      valueType: 'select',
      initialValue: onlineFromUrl,
      valueEnum: yesNoEnum(t, 'device.online', 'device.offline'),
      render: (_, d) => <OnlineTag device={d} />,
    },
    {
      title: t('device.fields.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusEnum(t),
      render: (_, d) => (
        <Space size={0} wrap>
          <StatusTag status={d.status} />
          <FlagTags device={d} />
        </Space>
      ),
    },
    {
      title: t('device.fields.activated'),
      dataIndex: 'activated',
      valueType: 'select',
      initialValue: activatedFromUrl,
      hideInTable: true,
      valueEnum: yesNoEnum(t, 'device.activated', 'device.notActivated'),
    },
    {
      title: t('device.fields.paused'),
      dataIndex: 'paused',
      valueType: 'select',
      hideInTable: true,
      valueEnum: yesNoEnum(t, 'device.paused', 'device.notPaused'),
    },
    {
      title: t('device.fields.muted'),
      dataIndex: 'muted',
      valueType: 'select',
      hideInTable: true,
      valueEnum: yesNoEnum(t, 'device.muted', 'device.notMuted'),
    },
    {
      title: t('device.fields.battery'),
      dataIndex: 'batteryLevel',
      search: false,
      render: (_, d) => <Battery level={d.batteryLevel} />,
    },
    {
      title: t('device.fields.printerState'),
      dataIndex: 'printerState',
      search: false,
      // from the latest telemetry; a printer that never reported shows '-', a speaker nothing (it has no paper)
      render: (_, d) => (isPrinterType(d.modelType) ? <PrinterStateTag state={d.printerState ?? undefined} /> : null),
    },
    { title: t('device.fields.firmware'), dataIndex: 'firmwareVersion', search: false },
    {
      title: t('device.fields.lastOnlineAt'),
      dataIndex: 'lastOnlineAt',
      search: false,
      sorter: true,
      render: (_, d) => formatDateTime(d.lastOnlineAt),
    },
    {
      title: t('device.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, d) => formatDateTime(d.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      fixed: 'right',
      render: (_, d) => <DeviceRowActions device={d} actions={actions} />,
    },
  ];

  const batchMenu: MenuProps = {
    items: batchKeys.map((key) => ({
      key,
      danger: key === 'delete',
      label: <span data-testid={`device-batch-${key}`}>{actions.label(key)}</span>,
    })),
    onClick: ({ key }) => actions.run(key as DeviceActionKey, selected),
  };

  return (
    <div data-testid="device-table">
      <ProTable<Device>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        headerTitle={t('menu.deviceList')}
        pagination={PAGINATION}
        scroll={FIT_SCROLL}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        rowSelection={
          batchKeys.length
            ? {
                onChange: (_, rows) => setSelected(rows),
                getCheckboxProps: (d) => ({ 'data-testid': `device-select-${d.sn}` }) as object,
              }
            : undefined
        }
        tableAlertRender={({ selectedRowKeys }) => t('device.selected', { count: selectedRowKeys.length })}
        request={async (params, sort) => {
          const query = toPageQuery(params as TableParams, sort as SortState);
          lastQuery.current = query;
          return toTableResult(await listDevices(query));
        }}
        toolBarRender={() => [
          batchKeys.length > 0 && (
            <Dropdown key="batch" menu={batchMenu}>
              <Button data-testid="device-batch">
                {t('device.batchActions')} <DownOutlined />
              </Button>
            </Dropdown>
          ),
          can(`${P}.export`) && (
            <Dropdown
              key="export"
              menu={{
                items: (['xlsx', 'csv'] as const).map((f) => ({
                  key: f,
                  label: (
                    <span data-testid={`device-export-${f}`}>
                      {t(f === 'csv' ? 'jobControl.exportCsv' : 'jobControl.exportXlsx')}
                    </span>
                  ),
                })),
                onClick: ({ key }) => {
                  const { page: _page, pageSize: _size, ...filters } = lastQuery.current;
                  void exportDevices(filters, key as 'csv' | 'xlsx').catch(() => undefined);
                },
              }}
            >
              <Button icon={<DownloadOutlined />} data-testid="device-export">
                {t('jobControl.export')} <DownOutlined />
              </Button>
            </Dropdown>
          ),
          <Button key="silence" icon={<SoundOutlined />} onClick={openSilenceList} data-testid="device-silence-list">
            {t('route.silenceList')}
          </Button>,
          <Button
            key="deleted"
            icon={<DeleteOutlined />}
            onClick={() => navigate('/device/list/delete-list')}
            data-testid="device-delete-list"
          >
            {t('route.deleteList')}
          </Button>,
          can(`${P}.batchAdd`) && (
            <Button
              key="batchAdd"
              icon={<UploadOutlined />}
              onClick={() => navigate('/device/list/batchAdd')}
              data-testid="device-batch-add"
            >
              {t('route.batchAdd')}
            </Button>
          ),
          can(`${P}.add`) && (
            <Button
              key="add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/device/list/add')}
              data-testid="device-add"
            >
              {t('common.add')}
            </Button>
          ),
        ]}
      />
      {actions.modals}
    </div>
  );
}
