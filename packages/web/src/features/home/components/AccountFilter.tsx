import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountOptionsQuery } from '../../../lib/account-options';

/** The operator's choice of whose figures: every account (the platform) or one. */
export function AccountFilter({ value, onChange }: { value?: number; onChange: (accountId?: number) => void }) {
  const { t } = useTranslation();
  const accounts = useQuery(accountOptionsQuery(true));
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: 240 }}
      aria-label={t('home.filter.account')}
      placeholder={t('home.filter.allAccounts')}
      loading={accounts.isPending}
      options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
      value={value}
      onChange={(id?: number) => onChange(id)}
      data-testid="home-account-filter"
    />
  );
}
