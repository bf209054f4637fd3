import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess, toastWarning } from '../../../lib/feedback';
import { createPushTask } from '../api/push-tasks-api';
import { PUSH_LIST, pushDetail } from '../components/paths';
import { toPushBody } from '../components/push-body';
import { PushTaskForm } from '../components/PushTaskForm';

export function PushTaskAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Card title={t('pushTask.actions.add')}>
      <PushTaskForm
        onCancel={() => navigate(PUSH_LIST)}
        onSave={async (v) => {
          const task = await createPushTask(toPushBody(v));
          if (task.notice) toastWarning(task.notice);
          else toastSuccess();
          await queryClient.invalidateQueries({ queryKey: ['push-tasks'] });
          navigate(pushDetail(task.id));
        }}
      />
    </Card>
  );
}
