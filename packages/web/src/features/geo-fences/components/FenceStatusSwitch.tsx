import { Popconfirm, Switch, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Fence } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { setFenceStatus } from '../api/geo-fences-api';
import { P } from './codes';

/**
 * A fence's enabled state. With the status permission it switches after a confirmation (a
 * disabled fence sends no entry or exit alarm messages); without it, it only shows.
 */
export function FenceStatusSwitch({
  fence,
  onDone,
}: {
  fence: Pick<Fence, 'id' | 'name' | 'enabled'>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const sw = (
    <Switch
      checked={fence.enabled}
      disabled={!can(`${P}.status`)}
      checkedChildren={t('geoFence.enabled')}
      unCheckedChildren={t('geoFence.disabled')}
      data-testid={`fence-status-${fence.id}`}
      data-enabled={String(fence.enabled)}
    />
  );
  if (!can(`${P}.status`)) return sw;
  return (
    <Popconfirm
      title={t(fence.enabled ? 'geoFence.confirm.disable' : 'geoFence.confirm.enable', { name: fence.name })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'fence-status-ok' } as ButtonProps}
      onConfirm={async () => {
        try {
          await setFenceStatus(fence.id, !fence.enabled);
        } catch {
          return; // the HTTP client has shown the server's message
        }
        toastSuccess();
        onDone();
      }}
    >
      {sw}
    </Popconfirm>
  );
}
