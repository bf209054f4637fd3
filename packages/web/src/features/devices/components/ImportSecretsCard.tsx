import { useState } from 'react';
import { Alert, Button, Modal, Space, Table } from 'antd';
import { DownloadOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImportSecrets } from '@herald/contract';
import { takeImportSecrets } from '../api/import-devices';

type Secret = ImportSecrets['list'][number];

/** sn,secret per line; neither an S/N nor a secret holds a comma or a quote. */
const toCsv = (list: Secret[]) => ['sn,secret', ...list.map((s) => `${s.sn},${s.secret}`)].join('\r\n') + '\r\n';

function saveCsv(list: Secret[], jobId: string): void {
  const href = URL.createObjectURL(new Blob([toCsv(list)], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = `device-secrets-${jobId.slice(0, 8)}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}

/**
 * The secrets Herald made for rows without one, offered once as a single add shows its secret:
 * taking them drops them on the server, so the list lives only in this dialog (and the file saved).
 */
export function ImportSecretsCard({ jobId, count }: { jobId: string; count: number }) {
  const { t } = useTranslation();
  const [list, setList] = useState<Secret[]>();
  const [taking, setTaking] = useState(false);
  const [taken, setTaken] = useState(false);
  const take = async () => {
    setTaking(true);
    try {
      setList((await takeImportSecrets(jobId)).list);
      setTaken(true);
    } catch {
      // the HTTP client showed the message (already taken)
    } finally {
      setTaking(false);
    }
  };
  return (
    <>
      {!taken && (
        <Alert
          type="warning"
          showIcon
          data-testid="device-import-secrets"
          message={t('device.import.secretsWaiting', { count })}
          action={
            <Button
              icon={<KeyOutlined />}
              loading={taking}
              onClick={() => void take()}
              data-testid="device-import-secrets-show"
            >
              {t('device.import.secretsShow')}
            </Button>
          }
        />
      )}
      <Modal
        open={list !== undefined}
        title={t('device.import.secretsTitle', { count: list?.length ?? 0 })}
        width={640}
        closable={false}
        maskClosable={false}
        footer={
          <Space>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => list && saveCsv(list, jobId)}
              data-testid="device-import-secrets-download"
            >
              {t('device.import.secretsDownload')}
            </Button>
            <Button type="primary" onClick={() => setList(undefined)} data-testid="device-import-secrets-ok">
              {t('device.secretSaved')}
            </Button>
          </Space>
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('device.secretWarning')} />
          <Table<Secret>
            data-testid="device-import-secrets-table"
            size="small"
            rowKey="sn"
            dataSource={list}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t('device.fields.sn'), dataIndex: 'sn' },
              { title: t('device.import.secret'), dataIndex: 'secret', render: (s: string) => <code>{s}</code> },
            ]}
          />
        </Space>
      </Modal>
    </>
  );
}
