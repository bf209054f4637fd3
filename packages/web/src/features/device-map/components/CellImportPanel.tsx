import { Button, Progress, Space, Spin, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format';
import { CellImportResult, SkippedLines } from './CellImportResult';
import { CELL_FILE_MAX_MB, useCellImport } from './use-cell-import';

/** Pick a cell CSV and watch it go in: reading, then rows sent of the total, then how it ended. */
export function CellImportPanel() {
  const { t } = useTranslation();
  const { state, busy, start, cancel } = useCellImport();
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Upload
          accept=".csv"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            start(file);
            return Upload.LIST_IGNORE;
          }}
          data-testid="cell-table-file"
        >
          <Button type="primary" icon={<UploadOutlined />} disabled={busy}>
            {t('deviceMap.actions.importCells')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('deviceMap.cells.limits', { size: CELL_FILE_MAX_MB })}</Typography.Text>
      </Space>
      {state.phase === 'reading' && (
        <Space>
          <Spin size="small" />
          <Typography.Text>
            {t('deviceMap.cells.reading', { file: state.file, percent: state.percent })}
          </Typography.Text>
        </Space>
      )}
      {state.phase === 'sending' && (
        <>
          <div data-testid="cell-table-progress" data-sent={state.sent} data-total={state.total}>
            <Typography.Text>
              {t('deviceMap.cells.progress', { sent: formatCount(state.sent), total: formatCount(state.total) })}
            </Typography.Text>
            <Progress percent={Math.floor((state.sent / state.total) * 100)} status="active" />
            <Button onClick={cancel} loading={state.stopping} data-testid="cell-table-cancel">
              {t(state.stopping ? 'deviceMap.cells.stopping' : 'deviceMap.actions.cancelImport')}
            </Button>
          </div>
          {state.skipped.count > 0 && <SkippedLines skipped={state.skipped} />}
        </>
      )}
      {(state.phase === 'refused' || state.phase === 'finished') && <CellImportResult state={state} />}
    </Space>
  );
}
