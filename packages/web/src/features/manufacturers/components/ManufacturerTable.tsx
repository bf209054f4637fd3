import { useRef } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
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
import { deleteManufacturer, listManufacturers } from '../api/manufacturers';
import type { Manufacturer } from '../api/types';
import { CertificateImportModal } from './CertificateImportModal';
import { LicenceImportModal } from './LicenceImportModal';
import { ManufacturerFormModal } from './ManufacturerFormModal';

export const P = 'herald.manufacturer';

/** Manufacturers with their capacity; add/edit/delete and licence/certificate import per row. */
export function ManufacturerTable({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const action = useRef<ActionType>(undefined);
  const reload = () => {
    void action.current?.reload();
    onChanged();
  };

  const columns: ProColumns<Manufacturer>[] = [
    { title: t('manufacturer.fields.id'), dataIndex: 'id', search: false, sorter: true, width: 70 },
    {
      title: t('manufacturer.fields.name'),
      dataIndex: 'name',
      sorter: true,
      render: (_, m) => <span data-testid={`manufacturer-row-${m.code}`}>{m.name}</span>,
    },
    { title: t('manufacturer.fields.code'), dataIndex: 'code', sorter: true },
    { title: t('manufacturer.fields.contact'), dataIndex: 'contact', search: false },
    { title: t('manufacturer.fields.phone'), dataIndex: 'phone', search: false },
    { title: t('manufacturer.fields.capacity'), dataIndex: 'capacity', search: false, sorter: true },
    { title: t('manufacturer.licence.remaining'), dataIndex: 'remaining', search: false },
    { title: t('manufacturer.fields.activatedCount'), dataIndex: 'activatedCount', search: false, sorter: true },
    { title: t('manufacturer.licence.connected'), dataIndex: 'connectedCount', search: false, sorter: true },
    { title: t('manufacturer.fields.licenceCount'), dataIndex: 'licenceCount', search: false },
    { title: t('manufacturer.fields.certificateCount'), dataIndex: 'certificateCount', search: false },
    {
      title: t('manufacturer.fields.createdAt'),
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
          {can(`${P}.edit`) && (
            <ManufacturerFormModal
              manufacturer={m}
              onDone={reload}
              trigger={<a data-testid={`manufacturer-edit-${m.id}`}>{t('common.edit')}</a>}
            />
          )}
          {can(`${P}.licence`) && (
            <LicenceImportModal
              manufacturer={m}
              onDone={reload}
              trigger={<a data-testid={`licence-import-${m.id}`}>{t('manufacturer.actions.importLicence')}</a>}
            />
          )}
          {can(`${P}.cert`) && (
            <CertificateImportModal
              manufacturer={m}
              onDone={reload}
              trigger={<a data-testid={`cert-import-${m.id}`}>{t('manufacturer.actions.importCert')}</a>}
            />
          )}
          {can(`${P}.delete`) && (
            <Popconfirm
              title={t('manufacturer.confirm.delete', { name: m.name })}
              okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' }}
              onConfirm={async () => {
                try {
                  await deleteManufacturer(m.id);
                  toastSuccess();
                  reload();
                } catch {
                  // the HTTP client has shown the server's message
                }
              }}
            >
              <a style={{ color: '#ff4d4f' }} data-testid={`manufacturer-delete-${m.id}`}>
                {t('common.delete')}
              </a>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="manufacturer-table">
      <ProTable<Manufacturer>
        rowKey="id"
        actionRef={action}
        columns={fitColumns(columns)}
        pagination={PAGINATION}
        scroll={FIT_SCROLL}
        search={{ labelWidth: 'auto' }}
        request={async (params, sort) =>
          toTableResult(await listManufacturers(toPageQuery(params as TableParams, sort as SortState)))
        }
        toolBarRender={() => [
          can(`${P}.add`) && (
            <ManufacturerFormModal
              key="add"
              onDone={reload}
              trigger={
                <Button type="primary" icon={<PlusOutlined />} data-testid="manufacturer-add">
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
