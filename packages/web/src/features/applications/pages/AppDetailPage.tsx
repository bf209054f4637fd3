import { useState } from 'react';
import { Button, Card, Descriptions, Space } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { AppSecret } from '@herald/contract';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { useIdParam } from '../../../lib/use-id-param';
import { appQuery } from '../api/get-app';
import type { UpdateAppBody } from '../api/types';
import { updateApp } from '../api/update-app';
import { P } from '../components/app-codes';
import { AppFormFields } from '../components/AppFormFields';
import { AppKeys } from '../components/AppKeys';
import { pageSubmitter } from '../../../lib/page-submitter';
import { DetailTitle } from '../../../components/DetailTitle';

/** An application with its keys; edited in place by users with the edit permission. */
export function AppDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { side } = useSession();
  const id = useIdParam();
  const { state } = useLocation() as { state?: { secret?: AppSecret } };
  const [editing, setEditing] = useState(false);
  const query = useQuery({ ...appQuery(id), staleTime: 0 });
  const { data: a, refetch } = query;
  if (!a) return <DetailFallback query={query} back="/apply/list" />;

  if (editing) {
    return (
      <Card title={t('app.actions.edit')}>
        <ProForm<UpdateAppBody>
          data-testid="app-edit-form"
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 12 }}
          initialValues={{
            ...a,
            stockingMode: a.stockingMode ?? '',
            packageName: a.packageName ?? '',
            registeredUrl: a.registeredUrl ?? '',
            notifyUrl: a.notifyUrl ?? '',
            callbackUrl: a.callbackUrl ?? '',
          }}
          submitter={pageSubmitter('save', 'app-submit', () => setEditing(false))}
          onFinish={async (v) => {
            // '' clears a URL; other optional texts are sent as they are
            const { type, accessType, autoRegister, pushMode, name, ...texts } = v;
            try {
              await updateApp(a.id, { type, accessType, autoRegister, pushMode, name, ...texts });
            } catch {
              return false;
            }
            toastSuccess();
            await refetch();
            setEditing(false);
            return true;
          }}
        >
          <AppFormFields />
        </ProForm>
      </Card>
    );
  }

  const text = (v: string | null) => v || '-';
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card
        title={<DetailTitle name={a.name} />}
        data-testid="app-detail"
        extra={
          <Space>
            {side === 'ac' && can(`${P}.edit`) && (
              <Button type="primary" onClick={() => setEditing(true)} data-testid="app-edit">
                {t('common.edit')}
              </Button>
            )}
            <Button onClick={() => navigate('/apply/list')}>{t('common.back')}</Button>
          </Space>
        }
      >
        <Descriptions bordered column={2}>
          <Descriptions.Item label={t('app.fields.id')}>{a.id}</Descriptions.Item>
          <Descriptions.Item label={t('app.fields.name')}>{a.name}</Descriptions.Item>
          {side === 'op' && (
            <Descriptions.Item label={t('app.fields.account')}>{text(a.accountName)}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('app.fields.type')}>{t(`app.type.${a.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('app.fields.accessType')}>
            {t(`app.accessType.${a.accessType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('app.fields.autoRegister')}>
            {t(a.autoRegister ? 'app.register.auto' : 'app.register.manual')}
          </Descriptions.Item>
          <Descriptions.Item label={t('app.fields.stockingMode')}>{text(a.stockingMode)}</Descriptions.Item>
          <Descriptions.Item label={t('app.fields.packageName')}>{text(a.packageName)}</Descriptions.Item>
          <Descriptions.Item label={t('app.fields.pushMode')}>{t(`app.pushMode.${a.pushMode}`)}</Descriptions.Item>
          <Descriptions.Item label={t('app.fields.deviceCount')}>{a.deviceCount}</Descriptions.Item>
          <Descriptions.Item label={t('app.fields.createdAt')}>{formatDateTime(a.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('app.fields.registeredUrl')} span={2}>
            {text(a.registeredUrl)}
          </Descriptions.Item>
          <Descriptions.Item label={t('app.fields.notifyUrl')} span={2}>
            {text(a.notifyUrl)}
          </Descriptions.Item>
          <Descriptions.Item label={t('app.fields.callbackUrl')} span={2}>
            {text(a.callbackUrl)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('app.keysTitle')}>
        <AppKeys appId={a.id} appKey={a.appKey} initial={state?.secret} canReveal={side === 'ac' && can(`${P}.edit`)} />
      </Card>
    </Space>
  );
}
