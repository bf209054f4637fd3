import { useRef } from 'react';
import { Space, Tag } from 'antd';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DeleteLink } from '../../../components/DeleteLink';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useReloadOnReturn } from '../../../lib/use-reload-on-return';
import { listBusinesses } from '../api/list-businesses';
import { deleteBusiness } from '../api/save-business';
import type { Business } from '../api/types';
import {
  businessAdd,
  businessDetail,
  businessEdit,
  businessTypeOptions,
  isPrint,
  P,
  TYPE_COLORS,
} from '../components/business-codes';
import { ListTable } from '../../../components/ListTable';

/** The account's businesses (what open API requests name by id), with name and type filters. */
export function BusinessListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const action = useRef<ActionType>(undefined);
  useReloadOnReturn(action);
  const reload = () => void action.current?.reload();

  const columns: ProColumns<Business>[] = [
    { title: t('business.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 90, copyable: true },
    {
      title: t('business.fields.name'),
      dataIndex: 'name',
      render: (_, b) =>
        can(`${P}.query`) ? (
          <Link to={businessDetail(b.id)} data-testid={`business-row-${b.name}`}>
            {b.name}
          </Link>
        ) : (
          b.name
        ),
    },
    {
      title: t('business.fields.type'),
      dataIndex: 'type',
      valueType: 'select',
      fieldProps: { options: businessTypeOptions(t) },
      render: (_, b) => <Tag color={TYPE_COLORS[b.type]}>{t(`business.type.${b.type}`)}</Tag>,
    },
    {
      title: t('business.fields.content'),
      dataIndex: 'voiceContent',
      search: false,
      ellipsis: true,
      render: (_, b) => (isPrint(b.type) ? (b.templateName ?? '-') : (b.voiceContent ?? '-')),
    },
    { title: t('business.fields.remark'), dataIndex: 'remark', search: false, ellipsis: true },
    {
      title: t('business.fields.updatedAt'),
      dataIndex: 'updatedAt',
      search: false,
      sorter: true,
      render: (_, b) => formatDateTime(b.updatedAt),
    },
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, b) => (
        <Space>
          {can(`${P}.query`) && <Link to={businessDetail(b.id)}>{t('common.detail')}</Link>}
          {can(`${P}.edit`) && (
            <Link to={businessEdit(b.id)} data-testid={`business-edit-${b.id}`}>
              {t('common.edit')}
            </Link>
          )}
          {can(`${P}.delete`) && (
            <DeleteLink
              title={t('business.confirm.delete', { name: b.name })}
              testId={`business-delete-${b.id}`}
              onDelete={() => deleteBusiness(b.id)}
              onDeleted={() => reload()}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListTable<Business>
      testId="business"
      title={t('menu.business')}
      columns={columns}
      list={listBusinesses}
      actionRef={action}
      onAdd={can(`${P}.add`) ? () => navigate(businessAdd()) : undefined}
    />
  );
}
