import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
import { listLicences } from '../api/licences';
import { manufacturerOptionsQuery } from '../api/manufacturers';
import type { Licence } from '../api/types';
import { ExpiryTag, expiryRowClass } from './expiry';

/** Licences with capacity (max, remaining, connected) and expiry; expiring rows highlighted. */
export function LicenceTable({ reloadKey = 0 }: { reloadKey?: number }) {
  const { t } = useTranslation();
  const manufacturers = useQuery(manufacturerOptionsQuery());
  const columns: ProColumns<Licence>[] = [
    {
      title: t('manufacturer.fields.name'),
      dataIndex: 'manufacturerId',
      valueType: 'select',
      fieldProps: { options: (manufacturers.data ?? []).map((m) => ({ value: m.id, label: m.name })) },
      render: (_, l) => l.manufacturerName,
    },
    { title: t('manufacturer.licence.number'), dataIndex: 'number', copyable: true },
    {
      title: t('manufacturer.licence.validFrom'),
      dataIndex: 'validFrom',
      search: false,
      sorter: true,
      render: (_, l) => formatDateTime(l.validFrom),
    },
    {
      title: t('manufacturer.licence.validTo'),
      dataIndex: 'validTo',
      search: false,
      sorter: true,
      render: (_, l) => formatDateTime(l.validTo),
    },
    { title: t('manufacturer.licence.maxDevices'), dataIndex: 'maxDevices', search: false },
    { title: t('manufacturer.licence.activated'), dataIndex: 'activated', search: false },
    { title: t('manufacturer.licence.remaining'), dataIndex: 'remaining', search: false },
    { title: t('manufacturer.licence.connected'), dataIndex: 'connected', search: false },
    { title: t('manufacturer.expiry'), key: 'expiry', search: false, render: (_, l) => <ExpiryTag record={l} /> },
  ];
  return (
    <div data-testid="licence-table">
      <ProTable<Licence>
        rowKey="id"
        params={{ reloadKey }}
        columns={fitColumns(columns)}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        options={false}
        scroll={FIT_SCROLL}
        rowClassName={expiryRowClass}
        request={async ({ reloadKey: _r, ...params }, sort) =>
          toTableResult(await listLicences(toPageQuery(params as TableParams, sort as SortState)))
        }
      />
    </div>
  );
}
