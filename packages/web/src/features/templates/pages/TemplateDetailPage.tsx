import { Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { useIdParam } from '../../../lib/use-id-param';
import { templateQuery } from '../api/get-template';
import { P, TEMPLATE_LIST, templateEdit } from '../components/paths';
import { SavedTemplatePreview } from '../components/TemplatePreviewPanel';
import { DetailTitle } from '../../../components/DetailTitle';

/** A template's fields, body and parameters, and its receipt at both paper widths. */
export function TemplateDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const id = useIdParam();
  const query = useQuery({ ...templateQuery(id), staleTime: 0 });
  const tpl = query.data;
  if (!tpl) return <DetailFallback query={query} back={TEMPLATE_LIST} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={<DetailTitle name={tpl.name} />}
        data-testid="template-detail"
        extra={
          <Space>
            {can(`${P}.edit`) && (
              <Button type="primary" onClick={() => navigate(templateEdit(tpl.id))} data-testid="template-edit">
                {t('common.edit')}
              </Button>
            )}
            <Button onClick={() => navigate(TEMPLATE_LIST)}>{t('common.back')}</Button>
          </Space>
        }
      >
        <Descriptions bordered column={2}>
          <Descriptions.Item label={t('template.fields.id')}>{tpl.id}</Descriptions.Item>
          <Descriptions.Item label={t('template.fields.name')}>{tpl.name}</Descriptions.Item>
          <Descriptions.Item label={t('template.fields.model')}>{tpl.modelName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('template.fields.command')}>
            <Tag>{t(`template.command.${tpl.command}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('template.fields.purpose')} span={2}>
            {tpl.purpose || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('template.fields.businessCount')}>{tpl.businessCount}</Descriptions.Item>
          <Descriptions.Item label={t('template.fields.updatedAt')}>{formatDateTime(tpl.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('template.fields.body')} span={2}>
            <Typography.Paragraph
              code
              copyable
              style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
              data-testid="template-detail-body"
            >
              {tpl.body}
            </Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
        <Table
          style={{ marginTop: 16 }}
          size="small"
          rowKey="name"
          pagination={false}
          title={() => t('template.sections.params')}
          dataSource={tpl.params}
          columns={[
            { title: t('template.params.name'), dataIndex: 'name' },
            { title: t('template.params.sample'), dataIndex: 'sample' },
            { title: t('template.params.description'), dataIndex: 'description', render: (v) => v || '-' },
          ]}
        />
      </Card>
      <Card>
        <SavedTemplatePreview id={tpl.id} />
      </Card>
    </Space>
  );
}
