import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useIdParam } from '../../../lib/use-id-param';
import { businessQuery } from '../api/get-business';
import { BUSINESS_LIST, businessEdit, isPrint, P, TYPE_COLORS } from '../components/business-codes';
import { DetailTitle } from '../../../components/DetailTitle';

/** A business: its id (what integrators send), type and the template or voice content it uses. */
export function BusinessDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const id = useIdParam();
  const query = useQuery({ ...businessQuery(id), staleTime: 0 });
  const b = query.data;
  if (!b) return <DetailFallback query={query} back={BUSINESS_LIST} />;
  return (
    <Card
      title={<DetailTitle name={b.name} />}
      data-testid="business-detail"
      extra={
        <Space>
          {can(`${P}.edit`) && (
            <Button type="primary" onClick={() => navigate(businessEdit(b.id))} data-testid="business-edit">
              {t('common.edit')}
            </Button>
          )}
          <Button onClick={() => navigate(BUSINESS_LIST)}>{t('common.back')}</Button>
        </Space>
      }
    >
      <Descriptions bordered column={2}>
        <Descriptions.Item label={t('business.fields.id')}>
          <Typography.Text copyable data-testid="business-detail-id">
            {b.id}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('business.fields.name')}>{b.name}</Descriptions.Item>
        <Descriptions.Item label={t('business.fields.type')}>
          <Tag color={TYPE_COLORS[b.type]}>{t(`business.type.${b.type}`)}</Tag>
        </Descriptions.Item>
        {isPrint(b.type) ? (
          <Descriptions.Item label={t('business.fields.template')}>
            {b.templateId && can('herald.dev.template.query') ? (
              <Link to={`/businessmgr/template/detail?id=${b.templateId}`}>{b.templateName ?? b.templateId}</Link>
            ) : (
              (b.templateName ?? '-')
            )}
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('business.fields.voiceContent')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{b.voiceContent ?? '-'}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('business.fields.remark')} span={2}>
          {b.remark || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('business.fields.createdAt')}>{formatDateTime(b.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('business.fields.updatedAt')}>{formatDateTime(b.updatedAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
