import { useMemo } from 'react';
import { Button, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { previewMarkup, previewSaved } from '../api/preview-template';
import type { PaperWidth } from '../api/types';
import { ReceiptImage } from './ReceiptImage';
import { useDebounced } from './use-debounced';

const DEBOUNCE_MS = 600;

function useMarkupPreview(width: PaperWidth, body: string, samples: Record<string, string>) {
  return useQuery({
    queryKey: ['templates', 'preview', width, body, samples],
    queryFn: () => previewMarkup(body, samples, width),
    enabled: body.trim() !== '',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

/** The unsaved body at 58 and 80 mm side by side, following the typing; "Simulate" renders now. */
export function TemplatePreviewPanel({ body, samples }: { body: string; samples: Record<string, string> }) {
  const { t } = useTranslation();
  // the parent builds `samples` on every render: key it by content so typing elsewhere does not restart the wait
  const samplesKey = JSON.stringify(samples);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- samplesKey stands for samples
  const current = useMemo(() => ({ body, samples }), [body, samplesKey]);
  const [settled, flush] = useDebounced(current, DEBOUNCE_MS);
  const q58 = useMarkupPreview(58, settled.body, settled.samples);
  const q80 = useMarkupPreview(80, settled.body, settled.samples);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="template-preview">
      <Space>
        <Typography.Text strong>{t('template.preview.title')}</Typography.Text>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          disabled={body.trim() === ''}
          data-testid="template-simulate"
          onClick={() => {
            flush();
            void q58.refetch();
            void q80.refetch();
          }}
        >
          {t('template.preview.simulate')}
        </Button>
        <Typography.Text type="secondary">{t('template.preview.hint')}</Typography.Text>
      </Space>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <ReceiptImage width={58} query={q58} />
        <ReceiptImage width={80} query={q80} />
      </div>
    </Space>
  );
}

/** A saved template rendered with its saved samples (detail page). */
export function SavedTemplatePreview({ id }: { id: number }) {
  const { t } = useTranslation();
  const q58 = useQuery({
    queryKey: ['templates', id, 'preview', 58],
    queryFn: () => previewSaved(id, 58),
    retry: false,
  });
  const q80 = useQuery({
    queryKey: ['templates', id, 'preview', 80],
    queryFn: () => previewSaved(id, 80),
    retry: false,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="template-preview">
      <Typography.Text strong>{t('template.preview.title')}</Typography.Text>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <ReceiptImage width={58} query={q58} />
        <ReceiptImage width={80} query={q80} />
      </div>
    </Space>
  );
}
