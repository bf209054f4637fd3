import { Form } from 'antd';
import { ProFormDependency, ProFormRadio, ProFormSelect } from '@ant-design/pro-components';
import { RESOURCE_KINDS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { requiredSelect } from '../../../lib/form-rules';
import { ApiError } from '../../../lib/http';
import { PackageForm, PackageTextField, VersionField, orUndefined } from '../../../components/files';
import type { ResourcePackageBody } from '../api/types';
import { useSpeakLanguages } from '../../../lib/use-speak-languages';

function toBody(v: ResourcePackageBody): ResourcePackageBody {
  return {
    name: v.name.trim(),
    kind: v.kind,
    language: v.kind === 'language' ? v.language : undefined,
    version: v.version.trim(),
    minFirmwareVersion: orUndefined(v.minFirmwareVersion),
    fileId: v.fileId,
    remark: orUndefined(v.remark),
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
  const f = (field: string) => t(`resourcePackage.fields.${field}`);

  return (
    <PackageForm<ResourcePackageBody>
      form={form}
      purpose="resource"
      i18n="resourcePackage"
      testId="package"
      initialValues={{ kind: 'language' }}
      onSave={(v) => onSave(toBody(v))}
      onCancel={onCancel}
      explainError={(err) => {
        // an incomplete language pack: name the clips it lacks under the file (the first 30)
        const missing = err instanceof ApiError && (err.data as { missingClips?: string[] } | null)?.missingClips;
        if (missing && missing.length) {
          const list = missing.slice(0, 30).join(', ') + (missing.length > 30 ? ' …' : '');
          form.setFields([
            { name: 'fileId', errors: [...form.getFieldError('fileId'), t('resourcePackage.missingList', { list })] },
          ]);
        }
      }}
    >
      <PackageTextField name="name" label={f('name')} testId="package-name" />
      <ProFormRadio.Group
        name="kind"
        label={f('kind')}
        rules={[requiredSelect()]}
        options={RESOURCE_KINDS.map((k) => ({ value: k, label: t(`resourcePackage.kind.${k}`) }))}
      />
      <ProFormDependency name={['kind']}>
        {({ kind }) =>
          kind === 'language' && (
            <ProFormSelect
              name="language"
              label={f('language')}
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
      <VersionField
        name="version"
        label={f('version')}
        tooltip={t('firmware.versionHint')}
        placeholder="1.00.00.01"
        required
        testId="package-version"
      />
      <VersionField
        name="minFirmwareVersion"
        label={f('minFirmwareVersion')}
        tooltip={t('resourcePackage.minFirmwareHint')}
        testId="package-min-firmware"
      />
    </PackageForm>
  );
}
