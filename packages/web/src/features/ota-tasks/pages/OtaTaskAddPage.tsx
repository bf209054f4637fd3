import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess, toastWarning } from '../../../lib/feedback';
import { createOtaTask } from '../api/ota-tasks-api';
import { OtaTaskForm } from '../components/OtaTaskForm';
import { toCreateBody } from '../components/task-body';
import { TASK_LIST, taskDetail } from '../components/paths';
import { useSaveAndLeave } from '../../../lib/save-and-leave';

/** 'No devices meet the upgrade conditions' comes back as an error (the form stays); some failed is a note. */
export function OtaTaskAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useSaveAndLeave();
  const queryClient = useQueryClient();
  return (
    <Card title={t('otaTask.actions.add')}>
      <OtaTaskForm
        onCancel={() => navigate(TASK_LIST)}
        onSave={async (v) => {
          const task = await createOtaTask(toCreateBody(v));
          if (task.creationNote === 'someFailed') toastWarning(t('error.someDevicesFailed'));
          else toastSuccess();
          await queryClient.invalidateQueries({ queryKey: ['ota-tasks'] });
          leave(taskDetail(task.id));
        }}
      />
    </Card>
  );
}
