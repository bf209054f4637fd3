import { ModalForm, ProFormSelect } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../lib/feedback';
import { requiredSelect } from '../../../lib/form-rules';
import { modalSubmitter } from '../../../lib/modal-submitter';
import { accountUserOptionsQuery } from '../../../lib/lookups';
import type { Device } from '../api/types';

/** No user: the select's value for "assigned to nobody" (user ids start at 1). */
const NOBODY = 0;

/** Assigns the chosen devices to one user of their account, after a confirmation. */
export function AssignOwnerModal({
  targets,
  onClose,
  onSubmit,
}: {
  targets: Device[] | null;
  onClose: () => void;
  onSubmit: (userId: number | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const users = useQuery(accountUserOptionsQuery(targets?.[0]?.accountId, !!targets));
  const options = [
    { value: NOBODY, label: t('device.assignOwnerNobody') },
    ...(users.data ?? []).map((u) => ({ value: u.id, label: u.name ? `${u.name} (${u.username})` : u.username })),
  ];
  const confirmed = (label: string) =>
    new Promise<boolean>((resolve) =>
      confirmDialog({
        title: t('common.tip'),
        content: t('device.assignOwnerConfirm', { count: targets?.length ?? 0, user: label }),
        okButtonProps: { 'data-testid': 'confirm-ok' },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
  return (
    <ModalForm<{ userId: number }>
      title={t('device.actions.assignOwner')}
      width={440}
      open={!!targets}
      onOpenChange={(open) => !open && onClose()}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      submitter={modalSubmitter('assign-owner-ok')}
      onFinish={async ({ userId }) => {
        const label = options.find((o) => o.value === userId)?.label ?? '';
        if (!(await confirmed(label))) return false;
        try {
          await onSubmit(userId === NOBODY ? null : userId);
        } catch {
          return false;
        }
        onClose();
        return true;
      }}
    >
      <p>{t('device.assignOwnerHint', { count: targets?.length ?? 0 })}</p>
      <ProFormSelect
        name="userId"
        label={t('device.fields.owner')}
        rules={[requiredSelect()]}
        options={options}
        fieldProps={{ loading: users.isPending, showSearch: true, 'data-testid': 'assign-owner-select' } as object}
      />
    </ModalForm>
  );
}
