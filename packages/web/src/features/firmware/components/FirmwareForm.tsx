import { Form } from 'antd';
import {
  ProForm,
  ProFormDependency,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { PACKAGE_TYPES, SIGN_ALGORITHMS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { maxLen, required, requiredSelect } from '../../../lib/form-rules';
import { savedOrFieldErrors } from '../../../lib/server-field-errors';
import { PackageUpload, versionRule } from '../../../components/files';
import { modelOptionsQuery } from '../api/lookups';
import type { FirmwareBody } from '../api/types';
import { pageSubmitter } from '../../../lib/page-submitter';

const orUndefined = (v?: string) => v?.trim() || undefined;

/** Trimmed values as the API takes them (empty optional texts left out). */
function toBody(v: FirmwareBody): FirmwareBody {
  return {
    appName: v.appName.trim(),
    name: v.name.trim(),
    versionName: v.versionName.trim(),
    modelId: v.modelId,
    signAlgorithm: v.signAlgorithm,
    packageType: v.packageType,
    baseVersion: v.packageType === 'split' ? orUndefined(v.baseVersion) : undefined,
    minUpgradeVersion: orUndefined(v.minUpgradeVersion),
    minLanguagePackVersion: orUndefined(v.minLanguagePackVersion),
    fileId: v.fileId,
    remark: orUndefined(v.remark),
  };
}

/**
 * Add a firmware package: its identity, the model it is built for, how devices check it, and the
 * uploaded file. `onSave` throws to keep the form (the server's field errors go on the fields).
 */
export function FirmwareForm({
  onSave,
  onCancel,
}: {
  onSave: (body: FirmwareBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FirmwareBody>();
  const models = useQuery(modelOptionsQuery());

  return (
    <ProForm<FirmwareBody>
      form={form}
      data-testid="firmware-form"
      layout="horizontal"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 14 }}
      initialValues={{ signAlgorithm: 'sha256', packageType: 'whole' }}
      submitter={pageSubmitter('save', 'firmware-submit', onCancel)}
      onFinish={(v) => savedOrFieldErrors(form, () => onSave(toBody(v)))}
    >
      <Form.Item
        name="fileId"
        label={t('firmware.fields.file')}
        rules={[{ required: true, message: t('files.required') }]}
      >
        <PackageUpload
          purpose="firmware"
          testId="firmware-file"
          onUploaded={(f) => {
            if (f && !form.getFieldValue('name')) form.setFieldValue('name', f.name.replace(/\.[^.]+$/, ''));
          }}
        />
      </Form.Item>
      <ProFormText
        name="appName"
        label={t('firmware.fields.appName')}
        rules={[required(), maxLen(64)]}
        fieldProps={{ 'data-testid': 'firmware-app-name' } as object}
      />
      <ProFormText
        name="name"
        label={t('firmware.fields.name')}
        rules={[required(), maxLen(64)]}
        fieldProps={{ 'data-testid': 'firmware-name' } as object}
      />
      <ProFormText
        name="versionName"
        label={t('firmware.fields.versionName')}
        tooltip={t('firmware.versionHint')}
        placeholder="1.00.00.01"
        rules={[required(), maxLen(32), versionRule()]}
        fieldProps={{ 'data-testid': 'firmware-version' } as object}
      />
      <ProFormSelect
        name="modelId"
        label={t('firmware.fields.model')}
        rules={[requiredSelect()]}
        options={(models.data ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))}
        fieldProps={
          {
            loading: models.isPending,
            showSearch: true,
            optionFilterProp: 'label',
            'data-testid': 'firmware-model',
          } as object
        }
      />
      <ProFormSelect
        name="signAlgorithm"
        label={t('firmware.fields.signAlgorithm')}
        rules={[requiredSelect()]}
        options={SIGN_ALGORITHMS.map((a) => ({ value: a, label: t(`firmware.signAlgorithm.${a}`) }))}
        fieldProps={{ 'data-testid': 'firmware-sign' } as object}
      />
      <ProFormRadio.Group
        name="packageType"
        label={t('firmware.fields.packageType')}
        rules={[requiredSelect()]}
        options={PACKAGE_TYPES.map((p) => ({ value: p, label: t(`firmware.packageType.${p}`) }))}
      />
      <ProFormDependency name={['packageType']}>
        {({ packageType }) =>
          packageType === 'split' && (
            <ProFormText
              name="baseVersion"
              label={t('firmware.fields.baseVersion')}
              tooltip={t('firmware.baseVersionHint')}
              placeholder="1.00.00.00"
              rules={[required(), maxLen(32), versionRule()]}
              fieldProps={{ 'data-testid': 'firmware-base-version' } as object}
            />
          )
        }
      </ProFormDependency>
      <ProFormText
        name="minUpgradeVersion"
        label={t('firmware.fields.minUpgradeVersion')}
        tooltip={t('firmware.minUpgradeHint')}
        rules={[maxLen(32), versionRule()]}
        fieldProps={{ 'data-testid': 'firmware-min-version' } as object}
      />
      <ProFormText
        name="minLanguagePackVersion"
        label={t('firmware.fields.minLanguagePackVersion')}
        tooltip={t('firmware.minLanguagePackHint')}
        rules={[maxLen(32), versionRule()]}
        fieldProps={{ 'data-testid': 'firmware-min-pack-version' } as object}
      />
      <ProFormTextArea
        name="remark"
        label={t('firmware.fields.remark')}
        rules={[maxLen(500)]}
        fieldProps={{ rows: 3, 'data-testid': 'firmware-remark' } as object}
      />
    </ProForm>
  );
}
