import { Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { relistSmartConfig } from '../api/smart-config';
import type { SmartConfigVersion } from '../api/types';
import { DelistModal } from './DelistModal';
import { P } from './paths';

/** Delist (with a reason) a listed version, or relist (after confirming) a delisted one. */
export function ListingActions({ version: v, onDone }: { version: SmartConfigVersion; onDone: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can(`${P}.list`)) return null;
  if (v.status === 'listed') {
    return (
      <DelistModal
        version={v}
        onDone={onDone}
        trigger={
          <a data-testid={`sc-delist-${v.id}`} style={{ color: '#ff4d4f' }}>
            {t('smartConfig.actions.delist')}
          </a>
        }
      />
    );
  }
  return (
    <Popconfirm
      title={t('smartConfig.confirm.relist', { version: v.versionName })}
      okButtonProps={{ 'data-testid': 'confirm-ok' }}
      onConfirm={async () => {
        try {
          await relistSmartConfig(v.id);
          toastSuccess();
          onDone();
        } catch {
          // the HTTP client has shown the server's message ('not consecutive')
        }
      }}
    >
      <a data-testid={`sc-relist-${v.id}`}>{t('smartConfig.actions.relist')}</a>
    </Popconfirm>
  );
}
