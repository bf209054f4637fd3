import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { formatBytesExact, useIdRouteParam } from '../../../components/files';
import { smartConfigQuery } from '../api/smart-config';
import { DownloadLink } from '../components/DownloadLink';
import { ListingActions } from '../components/ListingActions';
import { P, SC_LIST, scEdit, versionDownloadUrl } from '../components/paths';
import { StatusTag, UpdateTypeTag } from '../components/StatusTag';
import { DetailTitle } from '../../../components/DetailTitle';

/** One SmartConfig version: its file, update type, notes, downloads and listing history. */
export function SmartConfigDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const id = useIdRouteParam();
  const query = useQuery({ ...smartConfigQuery(id), staleTime: 0 });
  const { data: v, refetch } = query;
  if (!v) return <DetailFallback query={query} back={SC_LIST} />;
  return (
    <Card
      title={<DetailTitle name={v.versionName} />}
      data-testid="sc-detail"
      extra={
        <Space>
          <ListingActions version={v} onDone={() => void refetch()} />
          {can(`${P}.edit`) && (
            <Button type="primary" onClick={() => navigate(scEdit(v.id))} data-testid="sc-detail-edit">
              {t('common.edit')}
            </Button>
          )}
          <Button onClick={() => navigate(SC_LIST)}>{t('common.back')}</Button>
        </Space>
      }
    >
      <Descriptions bordered column={2}>
        <Descriptions.Item label={t('smartConfig.fields.versionName')}>
          <span data-testid="sc-detail-version">{v.versionName}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('smartConfig.fields.status')}>
          <span data-testid="sc-detail-status">
            <StatusTag status={v.status} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('smartConfig.fields.updateType')}>
          <UpdateTypeTag updateType={v.updateType} />
        </Descriptions.Item>
        <Descriptions.Item label={t('smartConfig.fields.downloads')}>{v.downloads}</Descriptions.Item>
        {v.status === 'delisted' && (
          <Descriptions.Item label={t('smartConfig.fields.delistReason')} span={2}>
            <span data-testid="sc-detail-reason">{v.delistReason || '-'}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('smartConfig.fields.listedAt')}>{formatDateTime(v.listedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('smartConfig.fields.delistedAt')}>{formatDateTime(v.delistedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('files.fields.name')}>{v.fileName}</Descriptions.Item>
        <Descriptions.Item label={t('smartConfig.fields.size')}>{formatBytesExact(v.size)}</Descriptions.Item>
        {v.status === 'listed' && (
          <Descriptions.Item label={t('smartConfig.versionLink')} span={2}>
            <Typography.Text copyable={{ text: versionDownloadUrl(v.id) }} data-testid="sc-detail-link">
              <Typography.Link href={versionDownloadUrl(v.id)} target="_blank" rel="noreferrer">
                {versionDownloadUrl(v.id)}
              </Typography.Link>
            </Typography.Text>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('files.fields.md5')} span={2}>
          <Typography.Text code copyable>
            {v.md5}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('smartConfig.fields.notes')} span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {v.notes || '-'}
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('smartConfig.fields.createdAt')} span={2}>
          {formatDateTime(v.createdAt)}
        </Descriptions.Item>
      </Descriptions>
      <div style={{ marginTop: 16 }}>
        <DownloadLink />
      </div>
    </Card>
  );
}
