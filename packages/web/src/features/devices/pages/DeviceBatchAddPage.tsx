import { useState } from 'react';
import { Alert, Button, Card, Progress, Result, Select, Space, Steps, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@herald/contract';
import { toastError } from '../../../lib/feedback';
import { hasExtension, readAsDataUrl } from '../../../lib/files';
import { useSession } from '../../../lib/session-context';
import { downloadImportTemplate, importJobQuery, startImport } from '../api/import-devices';
import { ImportSecretsCard } from '../components/ImportSecretsCard';
import { accountOptionsQuery } from '../../../lib/account-options';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

/**
 * Batch add from the xlsx template (a filled .xls works too): download it, upload the filled file, watch the progress, and
 * read the per-row errors (valid rows are created, invalid ones are listed).
 */
export function DeviceBatchAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const { side } = useSession();
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const [accountId, setAccountId] = useState<number>();
  const [jobId, setJobId] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const { data: job } = useQuery(importJobQuery(jobId));

  const upload = async (file: File) => {
    // spec: "Batch import: xls or xlsx" (the server checks the content, not the name)
    if (!hasExtension(file.name, ['xlsx', 'xls'])) return toastError(t('error.fileFormat'));
    if (file.size > IMPORT_MAX_BYTES) return toastError(t('error.importFileTooLarge'));
    if (side === 'op' && !accountId) return toastError(t('error.selectAccountFirst'));
    setUploading(true);
    try {
      const started = await startImport({ fileName: file.name, content: await readAsDataUrl(file), accountId });
      setJobId(started.id);
    } catch {
      // the client showed the message
    } finally {
      setUploading(false);
    }
  };

  const percent =
    job && job.total > 0 ? Math.floor((job.processed / job.total) * 100) : job?.status === 'running' ? 0 : 100;
  const step = !job ? 1 : job.status === 'running' ? 2 : 3;

  return (
    <Card
      title={t('route.batchAdd')}
      data-testid="device-batch-add-page"
      extra={<Button onClick={() => navigate('/device/list')}>{t('common.back')}</Button>}
    >
      <Steps
        current={step}
        style={{ marginBottom: 24 }}
        items={[
          { title: t('device.import.stepTemplate') },
          { title: t('device.import.stepUpload') },
          { title: t('device.import.stepProgress') },
          { title: t('device.import.stepResult') },
        ]}
      />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          message={t('device.import.hint', { columns: IMPORT_COLUMNS.join(', '), rows: IMPORT_MAX_ROWS })}
          action={
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadImportTemplate()}
              data-testid="device-import-template"
            >
              {t('device.import.template')}
            </Button>
          }
        />
        {side === 'op' && (
          <Space>
            <Typography.Text>{t('device.fields.account')}</Typography.Text>
            <Select
              style={{ width: 280 }}
              showSearch
              optionFilterProp="label"
              value={accountId}
              onChange={setAccountId}
              options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              data-testid="device-import-account"
            />
          </Space>
        )}
        {(!job || job.status !== 'running') && (
          <div data-testid="device-import-upload">
            <Upload.Dragger
              accept=".xlsx,.xls"
              multiple={false}
              showUploadList={false}
              disabled={uploading}
              beforeUpload={(file) => {
                void upload(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t(job ? 'device.import.again' : 'device.import.drop')}</p>
              <p className="ant-upload-hint">{t('device.import.limits')}</p>
            </Upload.Dragger>
          </div>
        )}
        {job && (
          <div data-testid="device-import-progress" data-status={job.status}>
            <Typography.Text>
              {t('device.import.progress', { processed: job.processed, total: job.total, file: job.fileName ?? '' })}
            </Typography.Text>
            <Progress
              percent={percent}
              status={job.status === 'failed' ? 'exception' : job.status === 'running' ? 'active' : 'success'}
            />
          </div>
        )}
        {job && job.status !== 'running' && (
          <div data-testid="device-import-result" data-created={job.created} data-failed={job.failed.length}>
            <Result
              status={job.status === 'failed' ? 'error' : job.failed.length ? 'warning' : 'success'}
              title={
                job.status === 'failed'
                  ? t(job.message ?? 'error.uploadFailed', { defaultValue: job.message ?? '' })
                  : t('device.import.summary', { created: job.created, failed: job.failed.length })
              }
              extra={
                <Button type="primary" onClick={() => leave('/device/list')} data-testid="device-import-done">
                  {t('device.import.toList')}
                </Button>
              }
              style={{ padding: 16 }}
            />
          </div>
        )}
        {job && job.status !== 'running' && job.generatedSecrets > 0 && (
          <ImportSecretsCard key={job.id} jobId={job.id} count={job.generatedSecrets} />
        )}
        {job && job.failed.length > 0 && (
          <Table
            data-testid="device-import-errors"
            size="small"
            rowKey={(r) => `${r.row}-${r.sn}`}
            dataSource={job.failed}
            pagination={{ pageSize: 10 }}
            title={() => t('device.import.errorsTitle', { count: job.failed.length })}
            columns={[
              { title: t('device.import.row'), dataIndex: 'row', width: 80 },
              { title: t('device.fields.sn'), dataIndex: 'sn' },
              {
                title: t('device.import.reason'),
                dataIndex: 'message',
                render: (m: string) => t(m, { defaultValue: m }),
              },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
