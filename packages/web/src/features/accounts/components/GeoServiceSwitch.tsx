import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Account } from '@herald/contract';
import { confirmDialog, toastSuccess } from '../../../lib/feedback';
import { setGeoService } from '../api/set-geo-service';

/**
 * The geolocation value-added service of an account: its state, and for operators who may edit
 * accounts the switch (after a confirmation; turning it off invalidates the account's secret).
 */
export function GeoServiceSwitch({
  account,
  canEdit,
  onDone,
}: {
  account: Account;
  canEdit: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const on = account.geoEnabled;
  return (
    <Space>
      <Tag color={on ? 'green' : 'default'} data-testid="account-geo-state" data-enabled={String(on)}>
        {t(on ? 'account.geo.on' : 'account.geo.off')}
      </Tag>
      {canEdit && (
        <Button
          size="small"
          danger={on}
          data-testid="account-geo-toggle"
          onClick={() =>
            confirmDialog({
              title: t('common.tip'),
              content: t(on ? 'account.confirm.geoOff' : 'account.confirm.geoOn', { name: account.name }),
              okButtonProps: { 'data-testid': 'confirm-ok' },
              onOk: async () => {
                await setGeoService(account.id, !on);
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
