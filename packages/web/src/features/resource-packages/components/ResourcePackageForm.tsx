import { Form } from 'antd';
import {
  ProForm,
  ProFormDependency,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { RESOURCE_KINDS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { maxLen, required, requiredSelect } from '../../../lib/form-rules';
import { ApiError } from '../../../lib/http';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { PackageUpload, versionRule } from '../../../components/files';
import type { ResourcePackageBody } from '../api/types';
import { useSpeakLanguages } from '../../../lib/use-speak-languages';
import { pageSubmitter } from '../../../lib/page-submitter';

function toBody(v: ResourcePackageBody): ResourcePackageBody {
  return {
    name: v.name.trim(),
    kind: v.kind,
    language: v.kind === 'language' ? v.language : undefined,
    version: v.version.trim(),
    minFirmwareVersion: v.minFirmwareVersion?.trim() || undefined,
    fileId: v.fileId,
    remark: v.remark?.trim() || undefined,
  };
}

/**
 * Add a resource or language package. A language pack names its speak language; the server
 * reads its clips from the archive and answers which clips the broadcast still lacks.
 */
export function ResourcePackageForm({
  onSave,
  onCancel,
}: {
  onSave: (body: ResourcePackageBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResourcePackageBody>();
  const languages = useSpeakLanguages();

  return (
    <ProForm<ResourcePackageBody>
      form={form}
      data-testid="package-form"
      layout="horizontal"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 14 }}
      initialValues={{ kind: 'language' }}
      submitter={pageSubmitter('save', 'package-submit', onCancel)}
      onFinish={async (v) => {
        try {
          await onSave(toBody(v));
        } catch (err) {
          showServerFieldErrors(form, err);
          // an incomplete language pack: name the clips it lacks under the file (the first 30)
          const missing = err instanceof ApiError && (err.data as { missingClips?: string[] } | null)?.missingClips;
          if (missing && missing.length) {
            const list = missing.slice(0, 30).join(', ') + (missing.length > 30 ? ' …' : '');
            form.setFields([
              { name: 'fileId', errors: [...form.getFieldError('fileId'), t('resourcePackage.missingList', { list })] },
            ]);
          }
          return false;
        }
        return true;
      }}
    >
      <Form.Item
        name="fileId"
        label={t('resourcePackage.fields.file')}
        rules={[{ required: true, message: t('files.required') }]}
      >
        <PackageUpload
          purpose="resource"
          testId="package-file"
          onUploaded={(f) => {
            if (f && !form.getFieldValue('name')) form.setFieldValue('name', f.name.replace(/\.[^.]+$/, ''));
          }}
        />
      </Form.Item>
      <ProFormText
        name="name"
        label={t('resourcePackage.fields.name')}
        rules={[required(), maxLen(64)]}
        fieldProps={{ 'data-testid': 'package-name' } as object}
      />
      <ProFormRadio.Group
        name="kind"
        label={t('resourcePackage.fields.kind')}
        rules={[requiredSelect()]}
        options={RESOURCE_KINDS.map((k) => ({ value: k, label: t(`resourcePackage.kind.${k}`) }))}
      />
      <ProFormDependency name={['kind']}>
        {({ kind }) =>
          kind === 'language' && (
            <ProFormSelect
              name="language"
              label={t('resourcePackage.fields.language')}
              rules={[requiredSelect()]}
              options={languages.options}
              fieldProps={
                {
                  loading: languages.loading,
                  showSearch: true,
                  optionFilterProp: 'label',
                  'data-testid': 'package-language',
                } as object
              }
            />
          )
        }
      </ProFormDependency>
      <ProFormText
        name="version"
        label={t('resourcePackage.fields.version')}
        tooltip={t('firmware.versionHint')}
        placeholder="1.00.00.01"
        rules={[required(), maxLen(32), versionRule()]}
        fieldProps={{ 'data-testid': 'package-version' } as object}
      />
      <ProFormText
        name="minFirmwareVersion"
        label={t('resourcePackage.fields.minFirmwareVersion')}
        tooltip={t('resourcePackage.minFirmwareHint')}
        rules={[maxLen(32), versionRule()]}
        fieldProps={{ 'data-testid': 'package-min-firmware' } as object}
      />
      <ProFormTextArea
        name="remark"
        label={t('resourcePackage.fields.remark')}
        rules={[maxLen(500)]}
        fieldProps={{ rows: 3, 'data-testid': 'package-remark' } as object}
      />
    </ProForm>
  );
}
