import { useState } from 'react';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { apiUrl } from '../../../lib/config';
import { useIdParam } from '../../../lib/use-id-param';
import { modelQuery } from '../api/get-model';
import type { UpdateModelBody } from '../api/types';
import { updateModel } from '../api/update-model';
import { cleanValues } from '../components/clean-values';
import { P } from '../components/model-codes';
import { ModelFormFields } from '../components/ModelFormFields';
import { ModelStatusToggle } from '../components/ModelStatusToggle';
import { pageSubmitter } from '../../../lib/page-submitter';
import { DetailTitle } from '../../../components/DetailTitle';

/** A model's details; operators with the edit permission edit it in place. */
export function ModelDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const id = useIdParam();
  const [editing, setEditing] = useState(false);
  const query = useQuery({ ...modelQuery(id), staleTime: 0 });
  const { data: m, refetch } = query;

  if (!m) return <DetailFallback query={query} back="/device/device-model" />;
  const image = apiUrl(m.imageUrl);
  const back = <Button onClick={() => navigate('/device/device-model')}>{t('common.back')}</Button>;

  if (editing) {
    return (
      <Card title={t('model.actions.edit')}>
        <ProForm<UpdateModelBody>
          data-testid="model-edit-form"
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 12 }}
          initialValues={{ ...m, image: undefined }}
          submitter={pageSubmitter('save', 'model-submit', () => setEditing(false))}
          onFinish={async (v) => {
            try {
              await updateModel(m.id, cleanValues(v));
            } catch {
              return false;
            }
            toastSuccess();
            await refetch();
            setEditing(false);
            return true;
          }}
        >
          <ModelFormFields currentImage={image} />
        </ProForm>
      </Card>
    );
  }

  return (
    <Card
      title={<DetailTitle name={m.name} />}
      data-testid="model-detail"
      extra={
        <Space>
          {can(`${P}.status`) && <ModelStatusToggle model={m} onDone={() => void refetch()} />}
          {can(`${P}.edit`) && (
            <Button type="primary" onClick={() => setEditing(true)} data-testid="model-edit">
              {t('common.edit')}
            </Button>
          )}
          {back}
        </Space>
      }
    >
      <Descriptions bordered column={2}>
        <Descriptions.Item label={t('model.fields.image')} span={2}>
          <img src={image} width={100} height={100} style={{ objectFit: 'contain' }} alt={m.name} />
        </Descriptions.Item>
        <Descriptions.Item label={t('model.fields.id')}>{m.id}</Descriptions.Item>
        <Descriptions.Item label={t('model.fields.name')}>{m.name}</Descriptions.Item>
        <Descriptions.Item label={t('model.fields.code')}>{m.code}</Descriptions.Item>
        <Descriptions.Item label={t('model.fields.type')}>{t(`model.type.${m.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t('model.fields.deviceType')}>{m.deviceTypeName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('model.fields.pn')}>{m.pn || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('model.fields.status')}>
          <Tag color={m.status === 1 ? 'green' : 'default'} data-testid="model-status-value">
            {t(`model.status.${m.status}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('model.fields.deviceCount')}>{m.deviceCount}</Descriptions.Item>
        <Descriptions.Item label={t('model.fields.createdAt')}>{formatDateTime(m.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('model.fields.capability')} span={2}>
          {m.capability || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('model.fields.description')} span={2}>
          {m.description || '-'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
