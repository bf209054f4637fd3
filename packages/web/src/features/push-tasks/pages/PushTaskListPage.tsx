import { useRef } from 'react';
import { Space } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { PUSH_TASK_STATUSES, PUSH_TYPES } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { accountOptionsQuery } from '../../../lib/account-options';
import { CancelTaskButton } from '../../../components/tasks/CancelTaskButton';
import { cancelPushTask, listPushTasks } from '../api/push-tasks-api';
import type { PushTaskListItem } from '../api/types';
import { P, pushAdd, pushDetail } from '../../../lib/push-task-paths';
import { isLivePush, PushProgress, PushStatusTag } from '../components/status';
import { ListTable } from '../../../components/ListTable';

/** Push tasks: what was sent to which devices, and how far the delivery got. */
export function PushTaskListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const { side } = useSession();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const reload = () => void action.current?.reload();

  const columns: ProColumns<PushTaskListItem>[] = [
    { title: t('pushTask.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: t('pushTask.fields.name'),
      dataIndex: 'name',
      render: (_, r) =>
        can(`${P}.query`) ? (
          <Link to={pushDetail(r.id)} data-testid={`push-task-row-${r.name}`}>
            {r.name}
          </Link>
        ) : (
          r.name
        ),
    },
    ...(side === 'op'
      ? [
          {
            title: t('pushTask.fields.account'),
            dataIndex: 'accountId',
            valueType: 'select',
            fieldProps: {
              options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
              showSearch: true,
              optionFilterProp: 'label',
            },
            render: (_, r) => r.accountName ?? '-',
          } as ProColumns<PushTaskListItem>,
        ]
      : []),
    {
      title: t('pushTask.fields.type'),
      dataIndex: 'type',
      valueType: 'select',
      valueEnum: Object.fromEntries(PUSH_TYPES.map((v) => [v, { text: t(`pushTask.type.${v}`) }])),
    },
    {
      title: t('pushTask.fields.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(PUSH_TASK_STATUSES.map((v) => [v, { text: t(`pushTask.status.${v}`) }])),
      render: (_, r) => <PushStatusTag status={r.status} />,
    },
    {
      title: t('pushTask.fields.progress'),
      dataIndex: 'counts',
      search: false,
      width: 180,
      render: (_, r) => <PushProgress task={r} />,
    },
    {
      title: t('pushTask.fields.effectiveTime'),
      dataIndex: 'effectiveAt',
      search: false,
      sorter: true,
      render: (_, r) => formatDateTime(r.effectiveAt),
    },
    {
      title: t('pushTask.fields.expireAt'),
      dataIndex: 'expireAt',
      search: false,
      sorter: true,
      render: (_, r) => formatDateTime(r.expireAt),
    },
    {
      title: t('pushTask.fields.createdAt'),
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
          {can(`${P}.query`) && <Link to={pushDetail(r.id)}>{t('common.detail')}</Link>}
          {isLivePush(r.status) && (
            <CancelTaskButton
              id={r.id}
              name={r.name}
              link
              cancel={cancelPushTask}
              permission={`${P}.cancel`}
              testId="push-task-cancel"
              hint={t('pushTask.confirm.cancelHint')}
              onCancelled={reload}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListTable<PushTaskListItem>
      testId="push-task"
      title={t('menu.pushTask')}
      columns={columns}
      list={listPushTasks}
      actionRef={action}
      onAdd={can(`${P}.add`) ? () => navigate(pushAdd()) : undefined}
      refreshWhile={(rows) => rows.some((r) => isLivePush(r.status))}
    />
  );
}
