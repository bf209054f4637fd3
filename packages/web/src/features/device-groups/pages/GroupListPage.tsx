import { useRef } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { AskFirstDeleteLink } from '../../../components/AskFirstDeleteLink';
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
import { deleteGroup } from '../api/delete-group';
import { getGroup } from '../api/get-group';
import { listGroups } from '../api/list-groups';
import type { DeviceGroup } from '../api/types';
import { GroupFormModal } from '../components/GroupFormModal';
import { groupLabel } from '../../../lib/group-label';

const P = 'herald.device.group';

/** The account's device groups; the default group is marked and cannot be deleted. */
export function GroupListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const action = useRef<ActionType>(undefined);
  const reload = () => void action.current?.reload();

  const columns: ProColumns<DeviceGroup>[] = [
    { title: t('group.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: t('group.fields.name'),
      dataIndex: 'name',
      sorter: true,
      render: (_, g) => (
        <Space data-testid={`group-row-${g.name}`}>
          {groupLabel(g, t)}
          {g.isDefault && (
            <Tag color="blue" data-testid="group-default-tag">
              {t('group.default')}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: t('group.fields.description'), dataIndex: 'description', search: false, ellipsis: true },
    { title: t('group.fields.deviceCount'), dataIndex: 'deviceCount', search: false },
    {
      title: t('group.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, g) => formatDateTime(g.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, g) => (
        <Space>
          {can(`${P}.edit`) && (
            <GroupFormModal
              group={g}
              onDone={reload}
              trigger={<a data-testid={`group-edit-${g.id}`}>{t('common.edit')}</a>}
            />
          )}
          {can(`${P}.delete`) &&
            (g.isDefault ? (
              <Tooltip title={t('group.defaultUndeletable')}>
                <Button type="link" size="small" disabled data-testid={`group-delete-${g.id}`} style={{ padding: 0 }}>
                  {t('common.delete')}
                </Button>
              </Tooltip>
            ) : (
              <AskFirstDeleteLink
                testId={`group-delete-${g.id}`}
                ask={async () => {
                  const now = await getGroup(g.id);
                  return {
                    title: t('group.confirm.delete', { name: groupLabel(now, t) }),
                    description: (
                      <span data-testid="group-delete-moves">
                        {now.deviceCount > 0
                          ? t('group.confirm.moves', { count: now.deviceCount })
                          : t('group.confirm.movesNone')}
                      </span>
                    ),
                  };
                }}
                onDelete={() => deleteGroup(g.id)}
                onDeleted={() => reload()}
              />
            ))}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="group-table">
      <ProTable<DeviceGroup>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        headerTitle={t('menu.deviceGroup')}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        request={async (params, sort) =>
          toTableResult(await listGroups(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          can(`${P}.add`) && (
            <GroupFormModal
              key="add"
              onDone={reload}
              trigger={
                <Button type="primary" icon={<PlusOutlined />} data-testid="group-add">
                  {t('common.add')}
                </Button>
              }
            />
          ),
        ]}
      />
    </div>
  );
}
