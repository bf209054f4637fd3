import { ModalForm, ProFormSelect } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requiredSelect } from '../../../lib/form-rules';
import { groupOptionsQuery } from '../../../lib/lookups';
import type { Device } from '../api/types';
import { modalSubmitter } from '../../../lib/modal-submitter';
import { groupLabel } from '../../../lib/group-label';

/** Moves the chosen devices to one group of their account. */
export function SwitchGroupModal({
  targets,
  onClose,
  onSubmit,
}: {
  targets: Device[] | null;
  onClose: () => void;
  onSubmit: (groupId: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const groups = useQuery(groupOptionsQuery(targets?.[0]?.accountId, !!targets));
  return (
    <ModalForm<{ groupId: number }>
      title={t('device.actions.switchGroup')}
      width={440}
      open={!!targets}
      onOpenChange={(open) => !open && onClose()}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      submitter={modalSubmitter('switch-group-ok')}
      onFinish={async ({ groupId }) => {
        try {
          await onSubmit(groupId);
        } catch {
          return false;
        }
        onClose();
        return true;
      }}
    >
      <p>{t('device.switchGroupHint', { count: targets?.length ?? 0 })}</p>
      <ProFormSelect
        name="groupId"
        label={t('device.fields.group')}
        rules={[requiredSelect()]}
        options={(groups.data ?? []).map((g) => ({
          value: g.id,
          label: g.isDefault ? `${groupLabel(g, t)} (${t('device.defaultGroup')})` : g.name,
        }))}
        fieldProps={{ loading: groups.isPending, 'data-testid': 'switch-group-select' } as object}
      />
    </ModalForm>
  );
}
