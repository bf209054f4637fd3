import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-context';
import { MailOutboxTable } from '../components/MailOutboxTable';
import { OperLogTable } from '../components/OperLogTable';

/** Operation log (last 90 days); operators also see the mail outbox here. */
export function OperLogPage() {
  const { t } = useTranslation();
  const { side } = useSession();
  if (side !== 'op') return <OperLogTable />;
  return (
    <Card styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        destroyOnHidden={false}
        items={[
          {
            key: 'log',
            label: <span data-testid="tab-oper-log">{t('menu.operLog')}</span>,
            children: <OperLogTable />,
          },
          {
            key: 'mail',
            label: <span data-testid="tab-mail-outbox">{t('mail.title')}</span>,
            children: <MailOutboxTable />,
          },
        ]}
      />
    </Card>
  );
}
