import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { MessageLanguageTab } from '../components/MessageLanguageTab';
import { ProfileTab } from '../components/ProfileTab';
import { SecurityTab } from '../components/SecurityTab';

export function PersonalCentrePage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="personal-centre">
      <Tabs
        items={[
          { key: 'info', label: t('personal.tabs.info'), children: <ProfileTab /> },
          {
            key: 'security',
            label: <span data-testid="personal-tab-security">{t('personal.tabs.security')}</span>,
            children: <SecurityTab />,
          },
          {
            key: 'language',
            label: <span data-testid="personal-tab-language">{t('personal.tabs.messageLanguage')}</span>,
            children: <MessageLanguageTab />,
          },
        ]}
      />
    </Card>
  );
}
