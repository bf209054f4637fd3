import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Menu pages of later issues. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="coming-soon">
      <Result status="info" title={t('common.comingSoon')} subTitle={t('common.comingSoonHint')} />
    </div>
  );
}
