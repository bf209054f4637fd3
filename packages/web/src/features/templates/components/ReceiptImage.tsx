import { Alert, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TemplatePreview } from '../api/types';

/**
 * One rendered receipt. The SVG goes into an <img> (not into the page's DOM), so markup in a
 * sample value can never run as part of the console.
 */
export function ReceiptImage({ width, query }: { width: 58 | 80; query: UseQueryResult<TemplatePreview, Error> }) {
  const { t } = useTranslation();
  const p = query.data;
  return (
    <Card
      size="small"
      title={t('template.preview.width', { width })}
      extra={p && <Tag>{t('template.preview.chars', { count: p.charsPerLine })}</Tag>}
      data-testid={`template-preview-${width}`}
      style={{ flex: 1, minWidth: 240 }}
    >
      <Spin spinning={query.isFetching}>
        {query.isError ? (
          <Alert type="error" showIcon message={query.error.message || t('template.preview.failed')} />
        ) : p ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            {p.warnings.length > 0 && (
              <Alert
                type="warning"
                showIcon
                data-testid={`template-preview-warnings-${width}`}
                message={p.warnings.map((w) => t(`template.preview.warning.${w.type}`, { name: w.name })).join(' · ')}
              />
            )}
            <div style={{ background: '#f5f5f5', padding: 8, textAlign: 'center', overflow: 'auto' }}>
              <img
                alt={t('template.preview.alt', { width })}
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(p.svg)}`}
                style={{ maxWidth: '100%', background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.15)' }}
              />
            </div>
          </Space>
        ) : (
          <Empty description={<Typography.Text type="secondary">{t('template.preview.empty')}</Typography.Text>} />
        )}
      </Spin>
    </Card>
  );
}
