import { Card } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createApp } from '../api/create-app';
import type { AppBody } from '../api/types';
import { cleanValues } from '../components/clean-values';
import { AppFormFields } from '../components/AppFormFields';
import { pageSubmitter } from '../../../lib/page-submitter';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

/** Create an application; the detail page then shows its generated keys once in full. */
export function AppAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  return (
    <Card title={t('app.actions.add')}>
      <ProForm<AppBody>
        data-testid="app-add-form"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ type: 3, accessType: 2, autoRegister: false, pushMode: 1 }}
        submitter={pageSubmitter('submit', 'app-submit', () => navigate('/apply/list'))}
        onFinish={async (v) => {
          let created;
          try {
            created = await createApp(cleanValues(v));
          } catch {
            return false;
          }
          toastSuccess();
          // the secret travels in navigation state only, never in the URL
          leave(`/apply/list/detail?id=${created.id}`, {
            secret: { appKey: created.appKey, appSecret: created.appSecret, signKey: created.signKey },
          });
          return true;
        }}
      >
        <AppFormFields />
      </ProForm>
    </Card>
  );
}
