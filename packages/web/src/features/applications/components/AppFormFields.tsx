import { ProFormDependency, ProFormRadio, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { maxLen, noChinese, required, requiredSelect } from '../../../lib/form-rules';
import { accessTypeOptions, appTypeOptions, pushModeOptions, registerOptions } from './app-codes';

const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** Fields of the add form and the detail page's edit mode. */
export function AppFormFields() {
  const { t } = useTranslation();
  const url = { pattern: URL_RE, message: t('validation.format') };
  return (
    <>
      <ProFormText
        name="name"
        label={t('app.fields.name')}
        rules={[required(), maxLen(64)]}
        fieldProps={{ 'data-testid': 'app-name' } as object}
      />
      <ProFormSelect
        name="type"
        label={t('app.fields.type')}
        rules={[requiredSelect()]}
        options={appTypeOptions(t)}
        fieldProps={{ 'data-testid': 'app-type' } as object}
      />
      <ProFormRadio.Group
        name="accessType"
        label={t('app.fields.accessType')}
        rules={[requiredSelect()]}
        options={accessTypeOptions(t)}
        fieldProps={{ 'data-testid': 'app-access-type' } as object}
      />
      <ProFormDependency name={['accessType']}>
        {({ accessType }) => (
          <ProFormRadio.Group
            name="autoRegister"
            label={t('app.fields.autoRegister')}
            options={registerOptions(t)}
            extra={accessType === 1 ? t('app.autoRegisterHint') : undefined}
            fieldProps={{ 'data-testid': 'app-auto-register' } as object}
          />
        )}
      </ProFormDependency>
      <ProFormText name="stockingMode" label={t('app.fields.stockingMode')} rules={[maxLen(32)]} />
      <ProFormText name="packageName" label={t('app.fields.packageName')} rules={[noChinese(), maxLen(128)]} />
      <ProFormText name="registeredUrl" label={t('app.fields.registeredUrl')} rules={[url, maxLen(512)]} />
      <ProFormText name="notifyUrl" label={t('app.fields.notifyUrl')} rules={[url, maxLen(512)]} />
      <ProFormText name="callbackUrl" label={t('app.fields.callbackUrl')} rules={[url, maxLen(512)]} />
      <ProFormRadio.Group name="pushMode" label={t('app.fields.pushMode')} options={pushModeOptions(t)} />
    </>
  );
}
