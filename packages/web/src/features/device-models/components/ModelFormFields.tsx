import { Form } from 'antd';
import { ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maxLen, noChinese, required, requiredSelect } from '../../../lib/form-rules';
import { deviceTypesQuery } from '../api/list-device-types';
import { imageRule, modelTypeOptions } from './model-codes';
import { ModelImageInput } from './ModelImageInput';

/** Fields of the add form and of the detail page's edit mode. */
export function ModelFormFields({ currentImage }: { currentImage?: string | null }) {
  const { t } = useTranslation();
  const types = useQuery(deviceTypesQuery());
  return (
    <>
      <ProFormText
        name="name"
        label={t('model.fields.name')}
        rules={[required(), maxLen(64)]}
        fieldProps={{ 'data-testid': 'model-name' } as object}
      />
      <ProFormText
        name="code"
        label={t('model.fields.code')}
        rules={[required(), noChinese(), maxLen(32)]}
        fieldProps={{ 'data-testid': 'model-code' } as object}
      />
      <ProFormSelect
        name="type"
        label={t('model.fields.type')}
        rules={[requiredSelect()]}
        options={modelTypeOptions(t)}
        fieldProps={{ 'data-testid': 'model-type' } as object}
      />
      <ProFormSelect
        name="deviceTypeId"
        label={t('model.fields.deviceType')}
        options={(types.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        fieldProps={{ loading: types.isPending, 'data-testid': 'model-device-type' } as object}
      />
      <ProFormText name="pn" label={t('model.fields.pn')} rules={[noChinese(), maxLen(64)]} />
      <ProFormText name="capability" label={t('model.fields.capability')} rules={[maxLen(255)]} />
      <ProFormTextArea name="description" label={t('model.fields.description')} rules={[maxLen(500)]} />
      <Form.Item name="image" label={t('model.fields.image')} required rules={[imageRule(t, !!currentImage)]}>
        <ModelImageInput current={currentImage} />
      </Form.Item>
    </>
  );
}
