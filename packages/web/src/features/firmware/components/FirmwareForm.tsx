import { Form } from 'antd';
import { ProFormDependency, ProFormRadio, ProFormSelect } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { PACKAGE_TYPES, SIGN_ALGORITHMS } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { requiredSelect } from '../../../lib/form-rules';
import { PackageForm, PackageTextField, VersionField, orUndefined } from '../../../components/files';
import { modelOptionsQuery } from '../api/lookups';
import type { FirmwareBody } from '../api/types';

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
  const f = (field: string) => t(`firmware.fields.${field}`);

  return (
    <PackageForm<FirmwareBody>
      form={form}
      purpose="firmware"
      i18n="firmware"
      testId="firmware"
      initialValues={{ signAlgorithm: 'sha256', packageType: 'whole' }}
      onSave={(v) => onSave(toBody(v))}
      onCancel={onCancel}
    >
      <PackageTextField name="appName" label={f('appName')} testId="firmware-app-name" />
      <PackageTextField name="name" label={f('name')} testId="firmware-name" />
      <VersionField
        name="versionName"
        label={f('versionName')}
        tooltip={t('firmware.versionHint')}
        placeholder="1.00.00.01"
        required
        testId="firmware-version"
      />
      <ProFormSelect
        name="modelId"
        label={f('model')}
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
        label={f('signAlgorithm')}
        rules={[requiredSelect()]}
        options={SIGN_ALGORITHMS.map((a) => ({ value: a, label: t(`firmware.signAlgorithm.${a}`) }))}
        fieldProps={{ 'data-testid': 'firmware-sign' } as object}
      />
      <ProFormRadio.Group
        name="packageType"
        label={f('packageType')}
        rules={[requiredSelect()]}
        options={PACKAGE_TYPES.map((p) => ({ value: p, label: t(`firmware.packageType.${p}`) }))}
      />
      <ProFormDependency name={['packageType']}>
        {({ packageType }) =>
          packageType === 'split' && (
            <VersionField
              name="baseVersion"
              label={f('baseVersion')}
              tooltip={t('firmware.baseVersionHint')}
              placeholder="1.00.00.00"
              required
              testId="firmware-base-version"
            />
          )
        }
      </ProFormDependency>
      <VersionField
        name="minUpgradeVersion"
        label={f('minUpgradeVersion')}
        tooltip={t('firmware.minUpgradeHint')}
        testId="firmware-min-version"
      />
      <VersionField
        name="minLanguagePackVersion"
        label={f('minLanguagePackVersion')}
        tooltip={t('firmware.minLanguagePackHint')}
        testId="firmware-min-pack-version"
      />
    </PackageForm>
  );
}
