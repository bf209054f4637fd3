import { Card } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { toastSuccess } from '../../../lib/feedback';
import { useIdParam } from '../../../lib/use-id-param';
import { otaTaskQuery, updateOtaTask } from '../api/ota-tasks-api';
import { OtaTaskForm } from '../components/OtaTaskForm';
import { TASK_LIST, taskDetail } from '../components/paths';
import { effectiveTimeBody } from '../../../components/tasks/task-scope';

/** Before the start only: the schedule and the knobs (the server refuses otherwise). */
export function OtaTaskEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const query = useQuery({ ...otaTaskQuery(id), staleTime: 0 });
  const task = query.data;
  if (!task) return <DetailFallback query={query} back={TASK_LIST} />;
  return (
    <Card title={t('otaTask.actions.edit')}>
      <OtaTaskForm
        key={task.id}
        task={task}
        onCancel={() => navigate(taskDetail(id))}
        onSave={async (v) => {
          await updateOtaTask(id, {
            name: v.name.trim(),
            effectiveTime: effectiveTimeBody(v.effectiveTime),
            retries: v.retries,
            timeoutMinutes: v.timeoutMinutes,
            pace: v.pace,
            remark: v.remark?.trim() ?? '',
          });
          toastSuccess();
          await queryClient.invalidateQueries({ queryKey: ['ota-tasks'] });
          navigate(taskDetail(id));
        }}
      />
    </Card>
  );
}
