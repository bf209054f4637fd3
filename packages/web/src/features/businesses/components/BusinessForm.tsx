import { Card, Form } from 'antd';
import { ProForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { BUSINESS_VOICE_MAX, BusinessType } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { maxLen, required, requiredSelect } from '../../../lib/form-rules';
import { savedOrFieldErrors } from '../../../lib/server-field-errors';
import { templateOptionsQuery } from '../api/template-options';
import type { Business, BusinessBody } from '../api/types';
import { businessTypeOptions, isPrint } from './business-codes';
import { pageSubmitter } from '../../../lib/page-submitter';

/** Only what the type uses goes to the server: a template for print, voice content otherwise. */
function toBody(v: BusinessBody): BusinessBody {
  const print = isPrint(v.type);
  return {
    name: v.name.trim(),
    type: v.type,
    templateId: print ? v.templateId : null,
    voiceContent: print ? null : (v.voiceContent?.trim() ?? null),
    remark: v.remark?.trim() || undefined,
  };
}

/** Add and edit: the type decides between the template select and the voice content. */
export function BusinessForm({
  business,
  title,
  onSave,
  onCancel,
}: {
  business?: Business;
  title: string;
  onSave: (body: BusinessBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BusinessBody>();
  const type = Form.useWatch('type', form) as number | undefined;
  const templates = useQuery({ ...templateOptionsQuery(), enabled: isPrint(type ?? business?.type) });
  return (
    <Card title={title}>
      <ProForm<BusinessBody>
        form={form}
        data-testid="business-form"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={
          business
            ? {
                name: business.name,
                type: business.type as BusinessBody['type'],
                templateId: business.templateId,
                voiceContent: business.voiceContent ?? '',
                remark: business.remark ?? '',
              }
            : { type: BusinessType.PRINT }
        }
        submitter={pageSubmitter('submit', 'business-submit', onCancel)}
        onFinish={(v) => savedOrFieldErrors(form, () => onSave(toBody(v)))}
      >
        <ProFormText
          name="name"
          label={t('business.fields.name')}
          rules={[required(), maxLen(64)]}
          fieldProps={{ 'data-testid': 'business-name' } as object}
        />
        <ProFormSelect
          name="type"
          label={t('business.fields.type')}
          rules={[requiredSelect()]}
          options={businessTypeOptions(t)}
          fieldProps={{ 'data-testid': 'business-type' } as object}
        />
        {isPrint(type ?? business?.type) ? (
          <ProFormSelect
            name="templateId"
            label={t('business.fields.template')}
            rules={[requiredSelect()]}
            options={templates.data ?? []}
            extra={templates.data?.length === 0 ? t('business.noTemplates') : undefined}
            fieldProps={
              { loading: templates.isPending, showSearch: true, 'data-testid': 'business-template' } as object
            }
          />
        ) : (
          <ProFormTextArea
            name="voiceContent"
            label={t('business.fields.voiceContent')}
            extra={t('business.voiceHint', { example: '{{amount}}' })}
            rules={[required(), maxLen(BUSINESS_VOICE_MAX)]}
            fieldProps={
              { rows: 4, showCount: true, maxLength: BUSINESS_VOICE_MAX, 'data-testid': 'business-voice' } as object
            }
          />
        )}
        <ProFormTextArea name="remark" label={t('business.fields.remark')} rules={[maxLen(255)]} />
      </ProForm>
    </Card>
  );
}
