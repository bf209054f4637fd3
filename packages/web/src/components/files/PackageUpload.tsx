import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Alert, Button, Descriptions, Progress, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { FILE_LIMITS, type FilePurpose, type StoredFile } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http';
import { uploadFile } from './upload-file';
import { acceptOf, checkFile } from './check-file';
import { FileEntries } from './FileEntries';
import { formatBytes, formatBytesExact } from './format-bytes';
import { md5OfBlob } from './md5';

export type PackageUploadProps = {
  /** decides the accepted extensions, the size limit and the stored file's purpose */
  purpose: FilePurpose;
  /** the stored file's id (what the package forms send as `fileId`) */
  value?: number;
  onChange?: (fileId: number | undefined) => void;
  /** the whole stored file once uploaded (undefined when removed), e.g. to prefill a name */
  onUploaded?: (file: StoredFile | undefined, picked?: File) => void;
  disabled?: boolean;
  /** data-testid of the wrapper; the picker is `<testId> input[type=file]` */
  testId?: string;
  /** another way to a file under the picker (e.g. one made in the browser), handed the upload to start */
  Extra?: ComponentType<{ upload: (file: File) => void; disabled?: boolean }>;
};

type Phase =
  | { kind: 'idle' }
  | { kind: 'hashing'; name: string; percent: number }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'done'; file: StoredFile }
  | { kind: 'error'; message: string };

/**
 * Package upload for forms (a Form.Item child: value/onChange carry the file id). Checks the
 * format and size against the contract's FILE_LIMITS before sending, computes the MD5 here so
 * the server can tell a file that changed on the way, shows hashing and upload progress, then
 * the stored file's name, size, MD5 and archive listing.
 */
export function PackageUpload({
  purpose,
  value,
  onChange,
  onUploaded,
  disabled,
  testId = `upload-${purpose}`,
  Extra,
}: PackageUploadProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  // the form was reset from outside (the value went from a file id to none): forget the shown file
  const previous = useRef(value);
  useEffect(() => {
    if (previous.current !== undefined && value === undefined) setPhase({ kind: 'idle' });
    previous.current = value;
  }, [value]);

  const start = async (file: File) => {
    const problem = checkFile(purpose, file);
    if (problem) {
      setPhase({ kind: 'error', message: t(problem) });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      setPhase({ kind: 'hashing', name: file.name, percent: 0 });
      const md5 = await md5OfBlob(file, (f) =>
        setPhase({ kind: 'hashing', name: file.name, percent: Math.floor(f * 100) }),
      );
      if (controller.signal.aborted) return;
      setPhase({ kind: 'uploading', name: file.name, percent: 0 });
      const stored = await uploadFile({
        purpose,
        file,
        md5,
        signal: controller.signal,
        onProgress: (f) => setPhase({ kind: 'uploading', name: file.name, percent: Math.floor(f * 100) }),
      });
      setPhase({ kind: 'done', file: stored });
      onChange?.(stored.id);
      onUploaded?.(stored, file);
    } catch (err) {
      if (controller.signal.aborted) return;
      setPhase({ kind: 'error', message: err instanceof ApiError ? err.message : t('files.uploadFailed') });
      // the message is shown above; a required-field error under it would only repeat it
      if (value !== undefined) {
        onChange?.(undefined);
        onUploaded?.(undefined);
      }
    }
  };

  const remove = () => {
    abort.current?.abort();
    setPhase({ kind: 'idle' });
    onChange?.(undefined);
    onUploaded?.(undefined);
  };

  const limit = FILE_LIMITS[purpose];
  const hint = t('files.hint', {
    formats: limit.extensions.map((e) => `.${e}`).join(' '),
    size: formatBytes(limit.maxBytes),
  });

  if (phase.kind === 'done') {
    const f = phase.file;
    return (
      <div data-testid={testId}>
        <Descriptions bordered size="small" column={1} data-testid={`${testId}-result`}>
          <Descriptions.Item label={t('files.fields.name')}>{f.name}</Descriptions.Item>
          <Descriptions.Item label={t('files.fields.size')}>{formatBytesExact(f.size)}</Descriptions.Item>
          <Descriptions.Item label={t('files.fields.md5')}>
            <Typography.Text code copyable data-testid={`${testId}-md5`}>
              {f.md5}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('files.fields.format')}>{f.format}</Descriptions.Item>
        </Descriptions>
        {f.entries.length > 0 && (
          <div style={{ marginTop: 8 }}>
            <FileEntries entries={f.entries} testId={`${testId}-entries`} />
          </div>
        )}
        {!disabled && (
          <Button style={{ marginTop: 8 }} onClick={remove} data-testid={`${testId}-remove`}>
            {t('files.replace')}
          </Button>
        )}
      </div>
    );
  }

  const busy = phase.kind === 'hashing' || phase.kind === 'uploading';
  return (
    <div data-testid={testId}>
      <Upload.Dragger
        accept={acceptOf(purpose)}
        multiple={false}
        maxCount={1}
        showUploadList={false}
        disabled={disabled || busy}
        customRequest={({ file }) => void start(file as File)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('files.pick')}</p>
        <p className="ant-upload-hint">{hint}</p>
      </Upload.Dragger>
      {Extra && (
        <div style={{ marginTop: 8 }}>
          <Extra upload={(file) => void start(file)} disabled={disabled || busy} />
        </div>
      )}
      {busy && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 8 }} data-testid={`${testId}-progress`}>
          <Typography.Text type="secondary">
            {t(phase.kind === 'hashing' ? 'files.hashing' : 'files.uploading', { name: phase.name })}
          </Typography.Text>
          <Progress percent={phase.percent} status="active" size="small" />
          <Button size="small" onClick={remove}>
            {t('common.cancel')}
          </Button>
        </Space>
      )}
      {phase.kind === 'error' && (
        <Alert
          style={{ marginTop: 8 }}
          type="error"
          showIcon
          role="alert"
          message={phase.message}
          data-testid={`${testId}-error`}
        />
      )}
    </div>
  );
}
