import { useRef } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { deleteModel } from '../api/delete-model';
import { deviceTypesQuery } from '../api/list-device-types';
import { listModels } from '../api/list-models';
import type { DeviceModel } from '../api/types';
import { modelStatusEnum, modelTypeOptions, P } from '../components/model-codes';
import { ModelStatusToggle } from '../components/ModelStatusToggle';
import { ModelThumb } from '../components/ModelThumb';

/** Device models (operators). */
export function ModelListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const action = useRef<ActionType>(undefined);
  const types = useQuery(deviceTypesQuery());
  useReloadOnReturn(action);
  const reload = () => void action.current?.reload();

  const columns: ProColumns<DeviceModel>[] = [
    { title: t('model.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: t('model.fields.image'),
      dataIndex: 'image',
      search: false,
      width: 72,
      render: (_, m) => <ModelThumb url={m.imageUrl} alt={m.code} />,
    },
    {
      title: t('model.fields.name'),
      dataIndex: 'name',
      sorter: true,
      render: (_, m) => (
        <Link to={`/device/device-model/detail?id=${m.id}`} data-testid={`model-row-${m.code}`}>
          {m.name}
        </Link>
      ),
    },
    { title: t('model.fields.code'), dataIndex: 'code', sorter: true },
    {
      title: t('model.fields.type'),
      dataIndex: 'type',
      valueType: 'select',
      fieldProps: { options: modelTypeOptions(t) },
      render: (_, m) => t(`model.type.${m.type}`),
    },
    {
      title: t('model.fields.deviceType'),
      dataIndex: 'deviceTypeId',
      valueType: 'select',
      fieldProps: { options: (types.data ?? []).map((d) => ({ value: d.id, label: d.name })) },
      render: (_, m) => m.deviceTypeName ?? types.data?.find((d) => d.id === m.deviceTypeId)?.name ?? '-',
    },
    { title: t('model.fields.pn'), dataIndex: 'pn', search: false },
    { title: t('model.fields.deviceCount'), dataIndex: 'deviceCount', search: false },
    { title: t('model.fields.status'), dataIndex: 'status', valueType: 'select', valueEnum: modelStatusEnum(t) },
    {
      title: t('model.fields.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      render: (_, m) => formatDateTime(m.createdAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      fixed: 'right',
      render: (_, m) => (
        <Space>
          <Link to={`/device/device-model/detail?id=${m.id}`}>{t('common.detail')}</Link>
          {can(`${P}.status`) && <ModelStatusToggle model={m} onDone={reload} />}
          {can(`${P}.delete`) && m.deviceCount === 0 && (
            <Popconfirm
              title={t('model.confirm.delete', { name: m.name })}
              okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
              onConfirm={async () => {
                try {
                  await deleteModel(m.id);
                  toastSuccess();
                  reload();
                } catch {
                  // the HTTP client has shown the server's message
                }
              }}
            >
              <a style={{ color: '#ff4d4f' }} data-testid={`model-delete-${m.id}`}>
                {t('common.delete')}
              </a>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="model-table">
      <ProTable<DeviceModel>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        headerTitle={t('menu.deviceModel')}
        pagination={PAGINATION}
        scroll={FIT_SCROLL}
        search={{ labelWidth: 'auto' }}
        request={async (params, sort) =>
          toTableResult(await listModels(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          can(`${P}.add`) && (
            <Button
              key="add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/device/device-model/add')}
              data-testid="model-add"
            >
              {t('common.add')}
            </Button>
          ),
        ]}
      />
    </div>
  );
}
