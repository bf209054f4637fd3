import { useRef, useState } from 'react';
import { Segmented } from 'antd';
import { type ActionType } from '@ant-design/pro-components';
import { OTA_TASK_STATUSES, OTA_TASK_TYPES, SCHEDULE_STATES, TaskCreationStatus } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../lib/can';
import { dateColumn } from '../../../components/list-columns';
import { TaskList } from '../../../components/tasks/TaskList';
import { cancelOtaTask, listOtaTasks } from '../api/ota-tasks-api';
import type { OtaTaskListItem } from '../api/types';
import { P, taskAdd, taskDetail, taskEdit } from '../components/paths';
import { CountsProgress, CreationStatusTag, OtaStatusTag } from '../components/status-tags';

type Schedule = 'all' | (typeof SCHEDULE_STATES)[number];

/** Upgrade tasks: a schedule view (not started, in progress, ended), filters, progress per row. */
export function OtaTaskListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const action = useRef<ActionType>(undefined);
  const [schedule, setSchedule] = useState<Schedule>('all');
  const f = (field: string) => t(`otaTask.fields.${field}`);

  return (
    <TaskList<OtaTaskListItem>
      i18n="otaTask"
      P={P}
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
      list={listOtaTasks}
      add={taskAdd}
      detail={taskDetail}
      cancel={cancelOtaTask}
      cancellable={(r) => r.schedule !== 'ended'}
      actions={(r) =>
        can(`${P}.edit`) &&
        r.creationStatus === TaskCreationStatus.NOT_STARTED && (
          <Link to={taskEdit(r.id)} data-testid={`ota-task-edit-${r.id}`}>
            {t('common.edit')}
          </Link>
        )
      }
      actionRef={action}
      params={{ schedule: schedule === 'all' ? undefined : schedule }}
      refreshWhile={(rows) => rows.some((r) => r.schedule === 'inProgress')}
      columns={[
        {
          title: f('type'),
          dataIndex: 'type',
          valueType: 'select',
          valueEnum: Object.fromEntries(OTA_TASK_TYPES.map((v) => [v, { text: t(`otaTask.type.${v}`) }])),
        },
        {
          title: f('package'),
          dataIndex: 'packageName',
          search: false,
          render: (_, r) => `${r.packageName ?? '-'} · ${r.toVersion}`,
        },
        {
          title: f('status'),
          dataIndex: 'status',
          valueType: 'select',
          valueEnum: Object.fromEntries(OTA_TASK_STATUSES.map((v) => [v, { text: t(`otaTask.status.${v}`) }])),
          render: (_, r) => <OtaStatusTag status={r.status} />,
        },
        {
          title: f('creationStatus'),
          dataIndex: 'creationStatus',
          search: false,
          render: (_, r) => <CreationStatusTag status={r.creationStatus} />,
        },
        {
          title: f('progress'),
          dataIndex: 'counts',
          search: false,
          width: 180,
          render: (_, r) => <CountsProgress counts={r.counts} total={r.total} />,
        },
        dateColumn(f('effectiveTime'), 'effectiveAt'),
      ]}
    />
  );
}
