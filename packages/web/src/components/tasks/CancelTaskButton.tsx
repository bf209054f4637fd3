import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { toastSuccess } from '../../lib/feedback';

/**
 * Cancel a task (upgrade or push) after a confirmation. For an upgrade, devices not yet offered
 * are dropped, those mid-upgrade finish what they started (the device decides, Herald cannot stop
 * a flash); a push task says what it does in `hint`.
 */
export function CancelTaskButton({
  id,
  name,
  link,
  onCancelled,
  cancel,
  permission,
  testId,
  hint,
}: {
  id: number;
  name: string;
  link?: boolean;
  onCancelled: () => void;
  cancel: (id: number) => Promise<unknown>;
  permission: string;
  testId: string;
  /** what cancelling does to the devices, when not the upgrade task's */
  hint?: string;
}) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can(permission)) return null;
  return (
    <Popconfirm
      title={t('otaTask.confirm.cancel', { name })}
      description={hint ?? t('otaTask.confirm.cancelHint')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': `${testId}-ok` } as ButtonProps}
      onConfirm={async () => {
        await cancel(id);
        toastSuccess();
        onCancelled();
      }}
    >
      <Button type={link ? 'link' : 'default'} danger size={link ? 'small' : 'middle'} data-testid={`${testId}-${id}`}>
        {t('otaTask.actions.cancel')}
      </Button>
    </Popconfirm>
  );
}
