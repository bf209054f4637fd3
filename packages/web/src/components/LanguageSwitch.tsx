import { Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@herald/contract';
import { changeLocale } from '../lib/i18n';

const LABELS: Record<Locale, string> = { zh_CN: '简体中文', en_US: 'English' };

/** zh_CN / en_US switch; the choice goes to the `locale` cookie and server messages follow it. */
export function LanguageSwitch({ style }: { style?: React.CSSProperties }) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Dropdown
      menu={{
        selectedKeys: [i18n.language],
        items: LOCALES.map((l) => ({ key: l, label: <span data-testid={`lang-${l}`}>{LABELS[l]}</span> })),
        onClick: ({ key }) => {
          void changeLocale(key as Locale).then(() => queryClient.invalidateQueries());
        },
      }}
    >
      <span data-testid="language-switch" style={{ cursor: 'pointer', ...style }}>
        <GlobalOutlined /> {LABELS[i18n.language as Locale] ?? LABELS.en_US}
      </span>
    </Dropdown>
  );
}
