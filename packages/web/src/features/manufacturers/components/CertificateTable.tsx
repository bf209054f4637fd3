import { Popover, Space, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordConfirmModal } from '../../../components/PasswordConfirmModal';
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
import { downloadCertificate, listCertificates, revokeCertificate } from '../api/certificates';
import { manufacturerOptionsQuery } from '../api/manufacturers';
import type { Certificate } from '../api/types';
import { ExpiryTag, expiryRowClass } from './expiry';

/** Certificates with download and (irreversible, password-confirmed) revocation where allowed. */
export function CertificateTable({
  canDownload,
  canRevoke,
  reloadKey = 0,
}: {
  canDownload: boolean;
  canRevoke: boolean;
  reloadKey?: number;
}) {
  const { t } = useTranslation();
  const action = useRef<ActionType>(undefined);
  const manufacturers = useQuery(manufacturerOptionsQuery());
  const columns: ProColumns<Certificate>[] = [
    {
      title: t('manufacturer.fields.name'),
      dataIndex: 'manufacturerId',
      valueType: 'select',
      fieldProps: { options: (manufacturers.data ?? []).map((m) => ({ value: m.id, label: m.name })) },
      render: (_, c) => c.manufacturerName,
    },
    { title: t('manufacturer.cert.serialNumber'), dataIndex: 'serialNumber', copyable: true },
    {
      title: t('manufacturer.cert.issuer'),
      dataIndex: 'issuer',
      search: false,
      ellipsis: true,
      render: (_, c) => (
        <Popover
          content={
            <div style={{ maxWidth: 480, wordBreak: 'break-all' }}>
              <div>
                {t('manufacturer.cert.subject')}: {c.subject}
              </div>
              <div>
                {t('manufacturer.cert.fingerprint')}: <Typography.Text code>{c.fingerprint}</Typography.Text>
              </div>
            </div>
          }
        >
          {c.issuer}
        </Popover>
      ),
    },
    {
      title: t('manufacturer.cert.validFrom'),
      dataIndex: 'validFrom',
      search: false,
      sorter: true,
      render: (_, c) => formatDateTime(c.validFrom),
    },
    {
      title: t('manufacturer.cert.validTo'),
      dataIndex: 'validTo',
      search: false,
      sorter: true,
      render: (_, c) => formatDateTime(c.validTo),
    },
    {
      title: t('manufacturer.cert.revoked'),
      dataIndex: 'revoked',
      valueType: 'select',
      valueEnum: { true: { text: t('manufacturer.revoked') }, false: { text: t('manufacturer.notRevoked') } },
      render: (_, c) => (c.revokedAt ? formatDateTime(c.revokedAt) : '-'),
    },
    { title: t('manufacturer.expiry'), key: 'expiry', search: false, render: (_, c) => <ExpiryTag record={c} /> },
    {
      title: t('common.operation'),
      valueType: 'option',
      hideInTable: !canDownload && !canRevoke,
      render: (_, c) => (
        <Space>
          {canDownload && (
            <a onClick={() => void downloadCertificate(c)} data-testid={`cert-download-${c.id}`}>
              {t('manufacturer.actions.download')}
            </a>
          )}
          {canRevoke && !c.revokedAt && (
            <PasswordConfirmModal
              title={t('manufacturer.actions.revoke')}
              danger
              testId="cert-revoke"
              hint={
                <Typography.Text type="danger">
                  {t('manufacturer.cert.revokeWarning', { serial: c.serialNumber })}
                </Typography.Text>
              }
              trigger={
                <a style={{ color: '#ff4d4f' }} data-testid={`cert-revoke-${c.id}`}>
                  {t('manufacturer.actions.revoke')}
                </a>
              }
              onConfirm={async (password) => {
                await revokeCertificate(c.id, password);
                toastSuccess();
                void action.current?.reload();
              }}
            />
          )}
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="cert-table">
      <ProTable<Certificate>
        rowKey="id"
        actionRef={action}
        params={{ reloadKey }}
        columns={fitColumns(columns)}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        options={false}
        scroll={FIT_SCROLL}
        rowClassName={expiryRowClass}
        request={async ({ reloadKey: _r, ...params }, sort) =>
          toTableResult(await listCertificates(toPageQuery(params as TableParams, sort as SortState)))
        }
      />
    </div>
  );
}
