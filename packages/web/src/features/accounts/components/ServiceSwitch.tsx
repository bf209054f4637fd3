import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Account } from '@herald/contract';
import { confirmDialog, toastSuccess } from '../../../lib/feedback';
import { setService, type AccountService } from '../api/set-service';

const IS_ON: Record<AccountService, (a: Account) => boolean> = {
  geo: (a) => a.geoEnabled,
  qrBrand: (a) => a.qrBrandEnabled,
  pushAlarm: (a) => a.pushAlarmEnabled,
};

/**
 * A value-added service of an account (geolocation, custom QR code): its state, and for operators
 * who may edit accounts the switch, after a confirmation that says what changes for the account.
 */
export function ServiceSwitch({
  account,
  service,
  canEdit,
  onDone,
}: {
  account: Account;
  service: AccountService;
  canEdit: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const on = IS_ON[service](account);
  return (
    <Space>
      <Tag color={on ? 'green' : 'default'} data-testid={`account-${service}-state`} data-enabled={String(on)}>
        {t(on ? 'account.geo.on' : 'account.geo.off')}
      </Tag>
      {canEdit && (
        <Button
          size="small"
          danger={on}
          data-testid={`account-${service}-toggle`}
          onClick={() =>
            confirmDialog({
              title: t('common.tip'),
              content: t(`account.confirm.${service}${on ? 'Off' : 'On'}`, { name: account.name }),
              okButtonProps: { 'data-testid': 'confirm-ok' },
              onOk: async () => {
                await setService(account.id, service, !on);
                toastSuccess();
                onDone();
              },
            })
          }
        >
          {t(on ? 'account.geo.disable' : 'account.geo.enable')}
        </Button>
      )}
    </Space>
  );
}
