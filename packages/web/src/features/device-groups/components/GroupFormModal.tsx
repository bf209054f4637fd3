import type { ReactElement } from 'react';
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback';
import { maxLen, required } from '../../../lib/form-rules';
import { createGroup } from '../api/create-group';
import type { DeviceGroup, GroupBody } from '../api/types';
import { updateGroup } from '../api/update-group';
import { modalSubmitter } from '../../../lib/modal-submitter';

/** Create (no `group`) or edit a group in a modal. */
export function GroupFormModal({
  group,
  trigger,
  onDone,
}: {
  group?: DeviceGroup;
  trigger: ReactElement;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalForm<GroupBody>
      title={t(group ? 'group.actions.edit' : 'group.actions.add')}
      width={480}
      trigger={trigger}
      initialValues={group ? { name: group.name, description: group.description ?? '' } : undefined}
      modalProps={{ destroyOnHidden: true }}
      submitter={modalSubmitter('group-submit')}
      onFinish={async (v) => {
        const body = { name: v.name.trim(), description: v.description?.trim() || undefined };
        try {
          if (group) await updateGroup(group.id, body);
          else await createGroup(body);
        } catch {
          return false;
        }
        toastSuccess();
        onDone();
        return true;
      }}
    >
      <ProFormText
        name="name"
        label={t('group.fields.name')}
        rules={[required(), maxLen(64)]}
        fieldProps={{ 'data-testid': 'group-name' } as object}
      />
      <ProFormTextArea
        name="description"
        label={t('group.fields.description')}
        rules={[maxLen(255)]}
        fieldProps={{ 'data-testid': 'group-description' } as object}
      />
    </ModalForm>
  );
}
