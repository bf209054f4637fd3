import { Card } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../lib/feedback';
import { createModel } from '../api/create-model';
import type { ModelBody } from '../api/types';
import { cleanValues } from '../components/clean-values';
import { ModelFormFields } from '../components/ModelFormFields';
import { pageSubmitter } from '../../../lib/page-submitter';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function ModelAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  return (
    <Card title={t('model.actions.add')}>
      <ProForm<ModelBody>
        data-testid="model-add-form"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        submitter={pageSubmitter('submit', 'model-submit', () => navigate('/device/device-model'))}
        onFinish={async (v) => {
          try {
            await createModel(cleanValues(v));
          } catch {
            return false;
          }
          toastSuccess();
          leave('/device/device-model');
          return true;
        }}
      >
        <ModelFormFields />
      </ProForm>
    </Card>
  );
}
