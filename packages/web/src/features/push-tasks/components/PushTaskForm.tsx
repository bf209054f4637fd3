import { useEffect, useState } from 'react';
import { Card, Form } from 'antd';
import { ProFormDigit, ProFormRadio, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import {
  PUSH_MESSAGE_MAX,
  PUSH_TTL_HOURS_DEFAULT,
  PUSH_TTL_HOURS_MAX,
  PUSH_TYPES,
  type PushType,
} from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { maxLen, required, requiredSelect } from '../../../lib/form-rules';
import { printOptions } from '../../../lib/print-options';
import { resourceOptionsQuery } from '../../../lib/lookups';
import { EffectiveTimeField, ScopeFields } from '../../../components/tasks/ScopeFields';
import type { PushTaskFormValues } from './push-body';
import { TaskForm, useTaskAccount } from '../../../components/tasks/TaskForm';
import { PackageUpload } from '../../../components/files/PackageUpload';
import { LogoMaker } from '../logo/LogoMaker';

/** Print parameters, each optional: left empty, the device keeps its own. */
function ConfigFields() {
  const { t } = useTranslation();
  const opts = printOptions(t);
  const yesNo = [
    { value: true, label: t('pushTask.on') },
    { value: false, label: t('pushTask.off') },
  ];
  const select = (name: string, label: string, options: { value: unknown; label: string }[]) => (
    <ProFormSelect
      name={['config', name]}
      label={t(label)}
      options={options as { value: string; label: string }[]}
      fieldProps={{ allowClear: true, placeholder: t('pushTask.unchanged') } as object}
    />
  );
  return (
    <Card size="small" title={t('pushTask.configTitle')} style={{ marginBottom: 16 }}>
      {select('language', 'device.print.language', opts.language)}
      {select('speed', 'device.print.speed', opts.speed)}
      {select('density', 'device.print.density', opts.density)}
      {select('voiceType', 'device.print.voiceType', opts.voiceType)}
      <ProFormDigit
        name={['config', 'volume']}
        label={t('device.print.volume')}
        min={0}
        max={100}
        fieldProps={{ precision: 0, placeholder: t('pushTask.unchanged'), 'data-testid': 'push-volume' } as object}
      />
      {select('communicationType', 'device.print.communicationType', opts.communicationType)}
      {select('logo', 'device.print.logo', yesNo)}
      {select('autoCut', 'device.print.autoCut', yesNo)}
      {select('paperWidth', 'device.print.paperWidth', opts.paperWidth)}
    </Card>
  );
}

/** A startup logo: a BMP uploaded as a file (purpose 'logo'), shown as it will be sent. */
function LogoField() {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <>
      <Form.Item
        name="logoFileId"
        label={t('pushTask.fields.logo')}
        rules={[requiredSelect()]}
        extra={t('pushTask.logoHint')}
      >
        <PackageUpload
          purpose="logo"
          testId="push-logo"
          onUploaded={(_, picked) => setPreview(picked ? URL.createObjectURL(picked) : null)}
          Extra={LogoMaker}
        />
      </Form.Item>
      {preview && (
        <Form.Item label={t('pushTask.logoPreview')}>
          <img
            src={preview}
            alt=""
            data-testid="push-logo-preview"
            style={{ maxWidth: '100%', border: '1px dashed #d9d9d9', imageRendering: 'pixelated' }}
          />
        </Form.Item>
      )}
    </>
  );
}

/** Add a push task: what (print parameters, a message, a resource pack, a startup logo), to whom, when, for how long. */
export function PushTaskForm({
  onSave,
  onCancel,
  preset,
}: {
  onSave: (v: PushTaskFormValues) => Promise<unknown>;
  onCancel: () => void;
  /** values chosen before the form opened (e.g. a logo for the device whose page led here) */
  preset?: Partial<PushTaskFormValues>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PushTaskFormValues>();
  const { accountId, ready } = useTaskAccount(form);
  const type = Form.useWatch('type', form) as PushType | undefined;
  const resources = useQuery(resourceOptionsQuery(accountId, undefined, ready && type === 'resource'));

  return (
    <TaskForm<PushTaskFormValues>
      form={form}
      i18n="pushTask"
      testId="push-task"
      fieldTestId="push"
      initialValues={{ type: 'config', scope: 'all', ttlHours: PUSH_TTL_HOURS_DEFAULT, ...preset }}
      onValuesChange={(changed) => {
        if ('accountId' in changed)
          form.setFieldsValue({ resourceId: undefined, groupIds: undefined, deviceIds: undefined });
        // a hidden field keeps its value: a logo picked before switching away must not ride along unseen
        if ('type' in changed) form.setFieldsValue({ logoFileId: undefined });
      }}
      onSave={onSave}
      onCancel={onCancel}
    >
      <ProFormRadio.Group
        name="type"
        label={t('pushTask.fields.type')}
        radioType="button"
        rules={[requiredSelect()]}
        options={PUSH_TYPES.map((v) => ({ value: v, label: t(`pushTask.type.${v}`) }))}
        fieldProps={{ 'data-testid': 'push-type' } as object}
      />
      {type === 'config' && <ConfigFields />}
      {type === 'message' && (
        <ProFormTextArea
          name="message"
          label={t('pushTask.fields.message')}
          rules={[required(), maxLen(PUSH_MESSAGE_MAX)]}
          fieldProps={
            { rows: 4, showCount: true, maxLength: PUSH_MESSAGE_MAX, 'data-testid': 'push-message' } as object
          }
        />
      )}
      {type === 'resource' && (
        <ProFormSelect
          name="resourceId"
          label={t('pushTask.fields.resource')}
          disabled={!ready}
          extra={ready ? undefined : t('error.selectAccountFirst')}
          rules={[requiredSelect()]}
          options={(resources.data ?? []).map((p) => ({ value: p.value, label: p.label }))}
          fieldProps={
            {
              showSearch: true,
              optionFilterProp: 'label',
              loading: resources.isFetching,
              'data-testid': 'push-resource',
            } as object
          }
        />
      )}
      {type === 'logo' && <LogoField />}
      <ScopeFields accountId={accountId} accountReady={ready} label={t('pushTask.fields.scope')} />
      <EffectiveTimeField />
      <ProFormDigit
        name="ttlHours"
        label={t('pushTask.fields.ttlHours')}
        extra={t('pushTask.ttlHint')}
        min={1}
        max={PUSH_TTL_HOURS_MAX}
        fieldProps={{ precision: 0 }}
        rules={[requiredSelect()]}
      />
    </TaskForm>
  );
}
