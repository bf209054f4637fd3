import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Who a package belongs to: the platform (added by an operator, open to every account) or an account. */
export function OwnerTag({ accountName }: { accountName: string | null }) {
  const { t } = useTranslation();
  return accountName === null ? <Tag color="blue">{t('files.platform')}</Tag> : <span>{accountName}</span>;
}
