import { useRef } from 'react';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Role } from '@herald/contract';
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
import { useSession } from '../../../lib/session-context';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { deleteRole } from '../api/delete-role';
import { listRoles } from '../api/list-roles';
import { roleMenuCode } from '../components/role-codes';

/** Roles of the caller's side: operator roles (op) or the account's roles (ac). */
export function RoleListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { side } = useSession();
  const P = roleMenuCode(side);
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);

  const remove = async (r: Role) => {
    await deleteRole(r.id);
    toastSuccess();
    await queryClient.invalidateQueries({ queryKey: ['roles'] });
    void action.current?.reload();
  };

  const columns: ProColumns<Role>[] = [
    { title: t('role.fields.id'), dataIndex: 'id', search: false, width: 70 },
    {
      title: t('role.fields.name'),
      dataIndex: 'name',
      render: (_, r) => (
        <span data-testid={`role-row-${r.name}`}>
          {r.name} {r.builtIn && <Tag>{t('role.builtIn')}</Tag>}
        </span>
      ),
    },
    { title: t('role.fields.description'), dataIndex: 'description', search: false, ellipsis: true },
    { title: t('role.fields.userCount'), dataIndex: 'userCount', search: false },
    {
      title: t('role.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, r) => formatDateTime(r.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          {can(`${P}.query`) && <Link to={`/user/role-list/details?id=${r.id}`}>{t('common.detail')}</Link>}
          {can(`${P}.edit`) && !r.builtIn && <Link to={`/user/role-list/edit?id=${r.id}`}>{t('common.edit')}</Link>}
          {can(`${P}.delete`) && !r.builtIn && (
            <Popconfirm
              title={t('role.confirmDelete', { name: r.name })}
              onConfirm={() => remove(r)}
              okButtonProps={{ danger: true }}
            >
              <a data-testid={`role-delete-${r.id}`}>{t('common.delete')}</a>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="role-table">
      <ProTable<Role>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        headerTitle={t(side === 'op' ? 'role.opTitle' : 'role.acTitle')}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        request={async (params, sort) =>
          toTableResult(await listRoles(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          can(`${P}.add`) && (
            <Button
              key="add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/user/role-list/add')}
              data-testid="role-add"
            >
              {t('common.add')}
            </Button>
          ),
        ]}
      />
    </div>
  );
}
