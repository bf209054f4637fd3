import { useRef, useState } from 'react';
import { apiUrlOrNone } from '../../../lib/config';
import { Avatar, Button, Space, Tag } from 'antd';
import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserStatus, type User } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { confirmDialog, toastError, toastSuccess } from '../../../lib/feedback';
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
import { listUsers } from '../api/list-users';
import { roleOptionsQuery } from '../api/list-role-options';
import { setUserStatus } from '../api/set-user-status';
import { userMenuCode, userStatusEnum } from '../components/user-codes';
import { UserRowActions } from '../components/UserRowActions';

/** Users of the caller's side: operator users (op) or the account's users (ac). */
export function UserListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const session = useSession();
  const P = userMenuCode(session.side);
  const action = useRef<ActionType>(undefined);
  const [selected, setSelected] = useState<User[]>([]);
  const roles = useQuery(roleOptionsQuery());
  useReloadOnReturn(action);
  const reload = () => void action.current?.reload();

  /** Batch enable/disable: at least one record must be selected (spec section 5). */
  const batch = (status: 1 | 2) => {
    const targets = selected.filter((u) => !u.isSuperAdmin && u.id !== session.user.id);
    if (targets.length === 0) {
      toastError(t('validation.selectOne'));
      return;
    }
    confirmDialog({
      title: t('common.tip'),
      content: t(status === 2 ? 'user.confirm.batchEnable' : 'user.confirm.batchDisable', { count: targets.length }),
      okButtonProps: { 'data-testid': 'confirm-ok' },
      onOk: async () => {
        await Promise.all(targets.map((u) => setUserStatus(u.id, status)));
        toastSuccess();
        action.current?.clearSelected?.();
        reload();
      },
    });
  };

  const columns: ProColumns<User>[] = [
    { title: t('user.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: t('user.fields.username'),
      dataIndex: 'username',
      sorter: true,
      render: (_, u) => (
        <Space size={8}>
          <Avatar size="small" src={apiUrlOrNone(u.avatarUrl)} icon={<UserOutlined />} />
          <span data-testid={`user-row-${u.username}`}>{u.username}</span>
        </Space>
      ),
    },
    { title: t('user.fields.name'), dataIndex: 'name', search: false },
    { title: t('user.fields.email'), dataIndex: 'email' },
    { title: t('user.fields.phone'), dataIndex: 'phone' },
    {
      title: t('user.fields.roles'),
      dataIndex: 'roleId',
      valueType: 'select',
      fieldProps: { options: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })) },
      render: (_, u) =>
        u.isSuperAdmin ? (
          <Tag color="gold">{t('user.superAdmin')}</Tag>
        ) : (
          u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>)
        ),
    },
    { title: t('user.fields.status'), dataIndex: 'status', valueType: 'select', valueEnum: userStatusEnum(t) },
    {
      title: t('user.fields.locked'),
      dataIndex: 'locked',
      valueType: 'select',
      valueEnum: {
        true: { text: t('user.locked.true'), status: 'Error' },
        false: { text: t('user.locked.false'), status: 'Success' },
      },
      render: (_, u) =>
        u.locked ? <Tag color="red">{t('user.locked.true')}</Tag> : <Tag>{t('user.locked.false')}</Tag>,
    },
    {
      title: t('user.fields.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      search: false,
      sorter: true,
      render: (_, u) => formatDateTime(u.lastLoginAt),
    },
    { title: t('user.fields.lastLoginIp'), dataIndex: 'lastLoginIp', search: false },
    {
      title: t('user.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, u) => formatDateTime(u.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      fixed: 'right',
      render: (_, u) => <UserRowActions user={u} reload={reload} />,
    },
  ];

  return (
    <div data-testid="user-table">
      <ProTable<User>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        headerTitle={t(session.side === 'op' ? 'user.opTitle' : 'user.acTitle')}
        pagination={PAGINATION}
        scroll={FIT_SCROLL}
        search={{ labelWidth: 'auto' }}
        rowSelection={can(`${P}.status`) ? { onChange: (_, rows) => setSelected(rows) } : undefined}
        request={async (params, sort) =>
          toTableResult(await listUsers(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          can(`${P}.status`) && (
            <Button key="enable" onClick={() => batch(UserStatus.ENABLED)} data-testid="user-batch-enable">
              {t('user.actions.batchEnable')}
            </Button>
          ),
          can(`${P}.status`) && (
            <Button key="disable" onClick={() => batch(UserStatus.DISABLED)} data-testid="user-batch-disable">
              {t('user.actions.batchDisable')}
            </Button>
          ),
          can(`${P}.add`) && (
            <Button
              key="add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/user/list/add')}
              data-testid="user-add"
            >
              {t('common.add')}
            </Button>
          ),
        ]}
      />
    </div>
  );
}
