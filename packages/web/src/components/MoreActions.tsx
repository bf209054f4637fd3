import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type MoreAction = { key: string; label: string; danger?: boolean; testId: string; onClick: () => void };

/** The less used actions of a page behind one "More" button, so the header keeps room for the title. */
export function MoreActions({ actions, testId }: { actions: MoreAction[]; testId: string }) {
  const { t } = useTranslation();
  if (!actions.length) return null;
  return (
    <Dropdown
      menu={{
        items: actions.map((a) => ({
          key: a.key,
          danger: a.danger,
          label: <span data-testid={a.testId}>{a.label}</span>,
        })),
        onClick: ({ key }) => actions.find((a) => a.key === key)?.onClick(),
      }}
    >
      <Button data-testid={testId}>
        {t('common.more')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
