import { Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { setModelStatus } from '../api/set-model-status';
import type { DeviceModel } from '../api/types';

/** Enable/disable with a confirmation; disabling says what it means for devices. */
export function ModelStatusToggle({ model, onDone }: { model: DeviceModel; onDone: () => void }) {
  const { t } = useTranslation();
  const enabled = model.status === 1;
  return (
    <Popconfirm
      title={t(enabled ? 'model.confirm.disable' : 'model.confirm.enable', { name: model.name })}
      okButtonProps={{ 'data-testid': 'confirm-ok' }}
      onConfirm={async () => {
        try {
          await setModelStatus(model.id, enabled ? 0 : 1);
          toastSuccess();
          onDone();
        } catch {
          // the HTTP client has shown the server's message
        }
      }}
    >
      <a data-testid={`model-status-${model.id}`}>{t(enabled ? 'common.disable' : 'common.enable')}</a>
    </Popconfirm>
  );
}
