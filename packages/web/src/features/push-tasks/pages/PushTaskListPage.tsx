import { PUSH_TASK_STATUSES, PUSH_TYPES } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { dateColumn } from '../../../components/list-columns';
import { TaskList } from '../../../components/tasks/TaskList';
import { cancelPushTask, listPushTasks } from '../api/push-tasks-api';
import type { PushTaskListItem } from '../api/types';
import { P, pushAdd, pushDetail } from '../../../lib/push-task-paths';
import { isLivePush, PushProgress, PushStatusTag } from '../components/status';

/** Push tasks: what was sent to which devices, and how far the delivery got. */
export function PushTaskListPage() {
  const { t } = useTranslation();
  const f = (field: string) => t(`pushTask.fields.${field}`);
  return (
    <TaskList<PushTaskListItem>
      i18n="pushTask"
      P={P}
      testId="push-task"
      title={t('menu.pushTask')}
      list={listPushTasks}
      add={pushAdd}
      detail={pushDetail}
      cancel={cancelPushTask}
      cancellable={(r) => isLivePush(r.status)}
      cancelHint={t('pushTask.confirm.cancelHint')}
      refreshWhile={(rows) => rows.some((r) => isLivePush(r.status))}
      columns={[
        {
          title: f('type'),
          dataIndex: 'type',
          valueType: 'select',
          valueEnum: Object.fromEntries(PUSH_TYPES.map((v) => [v, { text: t(`pushTask.type.${v}`) }])),
        },
        {
          title: f('status'),
          dataIndex: 'status',
          valueType: 'select',
          valueEnum: Object.fromEntries(PUSH_TASK_STATUSES.map((v) => [v, { text: t(`pushTask.status.${v}`) }])),
          render: (_, r) => <PushStatusTag status={r.status} />,
        },
        {
          title: f('progress'),
          dataIndex: 'counts',
          search: false,
          width: 180,
          render: (_, r) => <PushProgress task={r} />,
        },
        dateColumn(f('effectiveTime'), 'effectiveAt'),
        dateColumn(f('expireAt'), 'expireAt'),
      ]}
    />
  );
}
