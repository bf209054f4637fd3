import { ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { email, maxLen, required, requiredSelect, username } from '../../../lib/form-rules';
import { countryOptions, industryOptions, subjectTypeOptions, timeZoneOptions } from './account-options';

/** Fields shared by the add and edit pages; the admin fields only on add. */
export function AccountFormFields({ withAdmin }: { withAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <ProFormText
        name="name"
        label={t('account.fields.name')}
        rules={[required(), maxLen(64)]}
        fieldProps={{ 'data-testid': 'account-name' } as object}
      />
      <ProFormSelect
        name="country"
        label={t('account.fields.country')}
        rules={[requiredSelect()]}
        options={countryOptions(i18n.language)}
        fieldProps={{ showSearch: true, optionFilterProp: 'label', 'data-testid': 'account-country' } as object}
      />
      <ProFormSelect
        name="timeZone"
        label={t('account.fields.timeZone')}
        rules={[requiredSelect()]}
        options={timeZoneOptions()}
        fieldProps={{ showSearch: true, 'data-testid': 'account-timezone' } as object}
      />
      <ProFormSelect
        name="industry"
        label={t('account.fields.industry')}
        rules={[requiredSelect()]}
        options={industryOptions(t)}
        fieldProps={{ showSearch: true, optionFilterProp: 'label', 'data-testid': 'account-industry' } as object}
      />
      <ProFormRadio.Group
        name="subjectType"
        label={t('account.fields.subjectType')}
        rules={[requiredSelect()]}
        options={subjectTypeOptions(t)}
      />
      <ProFormText
        name="subjectName"
        label={t('account.fields.subjectName')}
        rules={[required(), maxLen(128)]}
        fieldProps={{ 'data-testid': 'account-subject-name' } as object}
      />
      {withAdmin && (
        <>
          <ProFormText
            name="adminEmail"
            label={t('account.fields.adminEmail')}
            rules={[required(), email()]}
            fieldProps={{ 'data-testid': 'account-admin-email' } as object}
          />
          <ProFormText
            name="adminUsername"
            label={t('account.fields.adminUsername')}
            rules={username()}
            tooltip={t('account.adminUsernameHint')}
            fieldProps={{ 'data-testid': 'account-admin-username' } as object}
          />
        </>
      )}
      <ProFormTextArea
        name="remark"
        label={t('account.fields.remark')}
        rules={[maxLen(255)]}
        fieldProps={{ 'data-testid': 'account-remark' } as object}
      />
    </>
  );
}
