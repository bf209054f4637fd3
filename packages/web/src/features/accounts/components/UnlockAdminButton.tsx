import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Account } from '@herald/contract';
import { confirmDialog, toastSuccess } from '../../../lib/feedback';
import { unlockAccountAdmin } from '../api/unlock-account-admin';

/** Unlock the account's super-administrator (locked after too many wrong passwords), after a confirmation. */
export function UnlockAdminButton({ account, onDone }: { account: Account; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      data-testid="account-unlock-admin"
      onClick={() =>
        confirmDialog({
          title: t('common.tip'),
          content: t('account.confirm.unlockAdmin', { name: account.adminUsername ?? '-', account: account.name }),
          okButtonProps: { 'data-testid': 'confirm-ok' },
          onOk: async () => {
            await unlockAccountAdmin(account.id);
            toastSuccess();
            onDone();
          },
        })
      }
    >
      {t('account.actions.unlockAdmin')}
    </Button>
  );
}
