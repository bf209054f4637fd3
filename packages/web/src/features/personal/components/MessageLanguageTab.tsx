import { useState } from 'react';
import { Button, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_LANGUAGES } from '@herald/contract';
import { toastSuccess } from '../../../lib/feedback';
import { useSession } from '../../../lib/session-context';
import { setMessageLanguage } from '../api/set-message-language';

type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** Language of in-app messages and mails sent to me. */
export function MessageLanguageTab() {
  const { t } = useTranslation();
  const { user, refetch } = useSession();
  const [value, setValue] = useState<MessageLanguage>(user.messageLanguage as MessageLanguage);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      await setMessageLanguage({ messageLanguage: value });
      toastSuccess();
      await refetch();
    } catch {
      // message shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size="large">
      <Radio.Group
        value={value}
        onChange={(e) => setValue(e.target.value as MessageLanguage)}
        data-testid="message-language"
      >
        {MESSAGE_LANGUAGES.map((l) => (
          <Radio key={l} value={l}>
            {t(`personal.messageLanguages.${l}`)}
          </Radio>
        ))}
      </Radio.Group>
      <Button type="primary" loading={busy} onClick={() => void save()} data-testid="message-language-save">
        {t('common.save')}
      </Button>
    </Space>
  );
}
