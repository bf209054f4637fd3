import { Alert, Card, Col, Form, Row } from 'antd';
import { ProForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { TEMPLATE_BODY_MAX, TEMPLATE_COMMANDS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { maxLen, required, requiredSelect } from '../../../lib/form-rules';
import { savedOrFieldErrors } from '../../../lib/server-field-errors';
import { printerModelsQuery } from '../api/model-options';
import type { Template, TemplateBody } from '../api/types';
import { ParamTable } from './ParamTable';
import { sampleValues, undeclaredPlaceholders, type ParamRow } from './placeholders';
import { TemplatePreviewPanel } from './TemplatePreviewPanel';

const EMPTY: Partial<TemplateBody> = { command: 'escpos', body: '', params: [] };

/** Trimmed values as the API takes them (empty optional texts left out). */
function toBody(v: TemplateBody): TemplateBody {
  return {
    name: v.name.trim(),
    purpose: v.purpose?.trim() || undefined,
    modelId: v.modelId,
    command: v.command,
    body: v.body,
    params: (v.params ?? []).map((p) => ({
      name: p.name.trim(),
      sample: p.sample ?? '',
      description: p.description?.trim() || undefined,
    })),
  };
}

/**
 * Add and edit: the fields on the left, the "simulation" (58 and 80 mm) on the right, following
 * the body and the sample values. `onSave` throws to keep the form (the server's field errors are
 * put on the fields).
 */
export function TemplateForm({
  template,
  onSave,
  onCancel,
}: {
  template?: Template;
  onSave: (body: TemplateBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateBody>();
  const models = useQuery(printerModelsQuery());
  const body = (Form.useWatch('body', form) as string | undefined) ?? template?.body ?? '';
  const params = (Form.useWatch('params', form) as ParamRow[] | undefined) ?? template?.params ?? [];
  const undeclared = undeclaredPlaceholders(params, body);

  return (
    <ProForm<TemplateBody>
      form={form}
      data-testid="template-form"
      layout="vertical"
      initialValues={
        template
          ? {
              name: template.name,
              purpose: template.purpose ?? '',
              modelId: template.modelId ?? undefined,
              command: template.command,
              body: template.body,
              params: template.params.map((p) => ({ ...p, description: p.description ?? '' })),
            }
          : EMPTY
      }
      submitter={{
        searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') },
        onReset: onCancel,
        submitButtonProps: { 'data-testid': 'template-submit' },
      }}
      onFinish={(v) => savedOrFieldErrors(form, () => onSave(toBody(v)))}
    >
      <Row gutter={24}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('template.sections.basic')} style={{ marginBottom: 16 }}>
            <ProFormText
              name="name"
              label={t('template.fields.name')}
              rules={[required(), maxLen(64)]}
              fieldProps={{ 'data-testid': 'template-name' } as object}
            />
            <ProFormText
              name="purpose"
              label={t('template.fields.purpose')}
              rules={[maxLen(255)]}
              fieldProps={{ 'data-testid': 'template-purpose' } as object}
            />
            <ProFormSelect
              name="modelId"
              label={t('template.fields.model')}
              tooltip={t('template.modelHint')}
              rules={[requiredSelect()]}
              options={(models.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))}
              fieldProps={{ loading: models.isPending, showSearch: true, 'data-testid': 'template-model' } as object}
            />
            <ProFormSelect
              name="command"
              label={t('template.fields.command')}
              rules={[requiredSelect()]}
              options={TEMPLATE_COMMANDS.map((c) => ({ value: c, label: t(`template.command.${c}`) }))}
              fieldProps={{ 'data-testid': 'template-command' } as object}
            />
            <ProFormTextArea
              name="body"
              label={t('template.fields.body')}
              tooltip={t('template.bodyHint', { example: '{{name}}' })}
              rules={[required(), maxLen(TEMPLATE_BODY_MAX)]}
              fieldProps={
                {
                  rows: 14,
                  spellCheck: false,
                  style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
                  'data-testid': 'template-body',
                } as object
              }
            />
          </Card>
          <Card size="small" title={t('template.sections.params')}>
            {undeclared.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                data-testid="template-undeclared"
                message={t('template.params.undeclared', { names: undeclared.join(', ') })}
              />
            )}
            <ParamTable form={form} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <TemplatePreviewPanel body={body} samples={sampleValues(params)} />
        </Col>
      </Row>
    </ProForm>
  );
}
