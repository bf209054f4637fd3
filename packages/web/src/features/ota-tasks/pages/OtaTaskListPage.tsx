import { useRef, useState } from 'react';
import { Segmented, Space } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { OTA_TASK_STATUSES, OTA_TASK_TYPES, SCHEDULE_STATES, TaskCreationStatus } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { accountOptionsQuery } from '../../../lib/account-options';
import { cancelOtaTask, listOtaTasks } from '../api/ota-tasks-api';
import type { OtaTaskListItem } from '../api/types';
import { P, taskAdd, taskDetail, taskEdit } from '../components/paths';
import { CountsProgress, CreationStatusTag, OtaStatusTag } from '../components/status-tags';
import { CancelTaskButton } from '../../../components/tasks/CancelTaskButton';
import { ListTable } from '../../../components/ListTable';

type Schedule = 'all' | (typeof SCHEDULE_STATES)[number];

/** Upgrade tasks: a schedule view (not started, in progress, ended), filters, progress per row. */
export function OtaTaskListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const [schedule, setSchedule] = useState<Schedule>('all');
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const reload = () => void action.current?.reload();

  const columns: ProColumns<OtaTaskListItem>[] = [
    { title: t('otaTask.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: t('otaTask.fields.name'),
      dataIndex: 'name',
      render: (_, r) =>
        can(`${P}.query`) ? (
          <Link to={taskDetail(r.id)} data-testid={`ota-task-row-${r.name}`}>
            {r.name}
          </Link>
        ) : (
          r.name
        ),
    },
    ...(side === 'op'
      ? [
          {
            title: t('otaTask.fields.account'),
            dataIndex: 'accountId',
            valueType: 'select',
            fieldProps: {
              options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
              showSearch: true,
              optionFilterProp: 'label',
            },
            render: (_, r) => r.accountName ?? '-',
          } as ProColumns<OtaTaskListItem>,
        ]
      : []),
    {
      title: t('otaTask.fields.type'),
      dataIndex: 'type',
      valueType: 'select',
      valueEnum: Object.fromEntries(OTA_TASK_TYPES.map((v) => [v, { text: t(`otaTask.type.${v}`) }])),
    },
    {
      title: t('otaTask.fields.package'),
      dataIndex: 'packageName',
      search: false,
      render: (_, r) => `${r.packageName ?? '-'} · ${r.toVersion}`,
    },
    {
      title: t('otaTask.fields.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(OTA_TASK_STATUSES.map((v) => [v, { text: t(`otaTask.status.${v}`) }])),
      render: (_, r) => <OtaStatusTag status={r.status} />,
    },
    {
      title: t('otaTask.fields.creationStatus'),
      dataIndex: 'creationStatus',
      search: false,
      render: (_, r) => <CreationStatusTag status={r.creationStatus} />,
    },
    {
      title: t('otaTask.fields.progress'),
      dataIndex: 'counts',
      search: false,
      width: 180,
      render: (_, r) => <CountsProgress counts={r.counts} total={r.total} />,
    },
    {
      title: t('otaTask.fields.effectiveTime'),
      dataIndex: 'effectiveAt',
      search: false,
      sorter: true,
      render: (_, r) => formatDateTime(r.effectiveAt),
    },
    {
      title: t('otaTask.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, r) => formatDateTime(r.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          {can(`${P}.query`) && <Link to={taskDetail(r.id)}>{t('common.detail')}</Link>}
          {can(`${P}.edit`) && r.creationStatus === TaskCreationStatus.NOT_STARTED && (
            <Link to={taskEdit(r.id)} data-testid={`ota-task-edit-${r.id}`}>
              {t('common.edit')}
            </Link>
          )}
          {r.schedule !== 'ended' && (
            <CancelTaskButton
              id={r.id}
              name={r.name}
              link
              cancel={cancelOtaTask}
              permission={`${P}.cancel`}
              testId="ota-task-cancel"
              onCancelled={reload}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListTable<OtaTaskListItem>
      testId="ota-task"
      title={
        <Segmented<Schedule>
          data-testid="ota-task-schedule"
          value={schedule}
          onChange={(v) => {
            setSchedule(v);
            action.current?.setPageInfo?.({ current: 1 });
          }}
          options={(['all', ...SCHEDULE_STATES] as const).map((s) => ({
            value: s,
            label: t(`otaTask.schedule.${s}`),
          }))}
        />
      }
      columns={columns}
      list={listOtaTasks}
      actionRef={action}
      params={{ schedule: schedule === 'all' ? undefined : schedule }}
      onAdd={can(`${P}.add`) ? () => navigate(taskAdd()) : undefined}
      refreshWhile={(rows) => rows.some((r) => r.schedule === 'inProgress')}
    />
  );
}
