import { Form } from 'antd';
import { ProForm, ProFormRadio, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { SC_UPDATE_TYPES } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { maxLen, required, requiredSelect } from '../../../lib/form-rules';
import { savedOrFieldErrors } from '../../../lib/server-field-errors';
import { PackageUpload, versionRule } from '../../../components/files';
import type { SmartConfigBody, SmartConfigVersion } from '../api/types';
import { pageSubmitter } from '../../../lib/page-submitter';

type Values = SmartConfigBody;

/**
 * Add a version (the .apk, its version, update type, notes, listed at once or not) or, given
 * `version`, edit its update type and notes only: the file and version of a release never change.
 */
export function SmartConfigForm({
  version,
  onSave,
  onCancel,
}: {
  version?: SmartConfigVersion;
  onSave: (values: Values) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = !!version;

  return (
    <ProForm<Values>
      form={form}
      data-testid="sc-form"
      layout="horizontal"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 14 }}
      initialValues={
        version
          ? { versionName: version.versionName, updateType: version.updateType, notes: version.notes ?? '' }
          : { updateType: 'optional', listed: true }
      }
      submitter={pageSubmitter('save', 'sc-submit', onCancel)}
      onFinish={(v) =>
        savedOrFieldErrors(form, () =>
          onSave({ ...v, versionName: v.versionName?.trim(), notes: v.notes?.trim() || undefined }),
        )
      }
    >
      {!editing && (
        <Form.Item
          name="fileId"
          label={t('smartConfig.fields.file')}
          rules={[{ required: true, message: t('files.required') }]}
        >
          <PackageUpload purpose="smartConfig" testId="sc-file" />
        </Form.Item>
      )}
      <ProFormText
        name="versionName"
        label={t('smartConfig.fields.versionName')}
        tooltip={editing ? undefined : t('smartConfig.versionHint')}
        placeholder="1.00.00.01"
        disabled={editing}
        rules={editing ? [] : [required(), maxLen(32), versionRule()]}
        fieldProps={{ 'data-testid': 'sc-version' } as object}
      />
      <ProFormRadio.Group
        name="updateType"
        label={t('smartConfig.fields.updateType')}
        rules={[requiredSelect()]}
        options={SC_UPDATE_TYPES.map((u) => ({ value: u, label: t(`smartConfig.updateType.${u}`) }))}
      />
      <ProFormTextArea
        name="notes"
        label={t('smartConfig.fields.notes')}
        rules={[maxLen(2000)]}
        fieldProps={{ rows: 5, 'data-testid': 'sc-notes' } as object}
      />
      {!editing && (
        <ProFormSwitch
          name="listed"
          label={t('smartConfig.fields.listNow')}
          fieldProps={{ 'data-testid': 'sc-listed' } as object}
        />
      )}
    </ProForm>
  );
}
