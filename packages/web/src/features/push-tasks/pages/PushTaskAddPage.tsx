import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PUSH_TYPES, type PushType } from '@herald/contract';
import { toastSuccess, toastWarning } from '../../../lib/feedback';
import { createPushTask } from '../api/push-tasks-api';
import { PUSH_LIST, pushDetail } from '../../../lib/push-task-paths';
import { toPushBody, type PushTaskFormValues } from '../components/push-body';
import { PushTaskForm } from '../components/PushTaskForm';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

export function PushTaskAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const queryClient = useQueryClient();
  const preset = presetOf(useSearchParams()[0]);
  return (
    <Card title={t('pushTask.actions.add')}>
      <PushTaskForm
        preset={preset}
        onCancel={() => navigate(PUSH_LIST)}
        onSave={async (v) => {
          const task = await createPushTask(toPushBody(v));
          if (task.notice) toastWarning(task.notice);
          else toastSuccess();
          await queryClient.invalidateQueries({ queryKey: ['push-tasks'] });
          leave(pushDetail(task.id));
        }}
      />
    </Card>
  );
}

/** `?type=logo&sn=…&accountId=…` (a device's page): the type, and that one device as the scope. */
function presetOf(q: URLSearchParams): Partial<PushTaskFormValues> | undefined {
  const type = q.get('type') as PushType | null;
  const sn = q.get('sn');
  const accountId = Number(q.get('accountId'));
  if (!type || !PUSH_TYPES.includes(type)) return undefined;
  return {
    type,
    ...(sn ? { scope: 'sn' as const, snText: sn } : {}),
    ...(Number.isInteger(accountId) && accountId > 0 ? { accountId } : {}),
  };
}
