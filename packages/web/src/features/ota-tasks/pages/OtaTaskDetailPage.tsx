import { useState } from 'react';
import { Alert, Button, Descriptions, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { EXECUTION_STATES, TaskCreationStatus } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format';
import { cancelOtaTask, otaPhasesQuery, otaProgressQuery, otaTaskQuery } from '../api/ota-tasks-api';
import type { OtaTask } from '../api/types';
import { CampaignButtons } from '../components/CampaignButtons';
import { ExecutionTable } from '../components/ExecutionTable';
import { P, TASK_LIST, taskEdit } from '../components/paths';
import { useFallbackPoll } from '../../../lib/live';
import { HaltAlert, PhasePanel } from '../components/PhasePanel';
import { ProgressChart } from '../components/ProgressChart';
import { CountsProgress, CreationStatusTag, EXECUTION_COLORS, OtaStatusTag } from '../components/status-tags';
import { StateCountCards } from '../../../components/tasks/StateCountCards';
import { TaskDetailCard } from '../../../components/tasks/TaskDetailCard';
import { useTaskRefresh } from '../../../components/tasks/use-task-refresh';

/** Live while the task has not ended: creating, waiting for its start, or rolling out. */
const isLive = (task?: OtaTask) => !!task && task.schedule !== 'ended';

/** An upgrade task: its summary, counts per execution state, the course chart and its devices. */
export function OtaTaskDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const id = Number(useParams().id ?? 0);
  const [state, setState] = useState<string>();
  const poll = useFallbackPoll();
  const task = useQuery({
    ...otaTaskQuery(id),
    staleTime: 0,
    refetchInterval: (q) => (isLive(q.state.data) ? poll : false),
  });
  const live = isLive(task.data);
  const progress = useQuery({ ...otaProgressQuery(id), refetchInterval: live ? poll : false });
  const phases = useQuery({ ...otaPhasesQuery(id), refetchInterval: live ? poll : false });
  // executions moved: the task, its counts, its phases and its rows are read again
  const refresh = useTaskRefresh('ota', 'ota-tasks', id, live);
  const tk = task.data;
  if (!tk) return <DetailFallback query={task} back={TASK_LIST} />;
  const counts = progress.data?.counts ?? tk.counts;
  const total = progress.data?.total ?? tk.total;
  // a task without phases has one (all of it): the panel only for a phased or guarded task
  const phased = tk.phases.length > 1 || tk.abortCriteria.length > 0;
  const running = phases.data?.phases[phases.data.currentPhase];
  const approvable = running?.waitingFor.length === 1 && running.waitingFor[0] === 'approval';

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <TaskDetailCard
        task={tk}
        testId="ota-task"
        back={TASK_LIST}
        live={live}
        cancel={cancelOtaTask}
        permission={`${P}.cancel`}
        onCancelled={refresh}
        actions={
          <>
            {can(`${P}.edit`) && tk.creationStatus === TaskCreationStatus.NOT_STARTED && (
              <Button onClick={() => navigate(taskEdit(tk.id))} data-testid="ota-task-edit">
                {t('common.edit')}
              </Button>
            )}
            <CampaignButtons task={tk} approvable={approvable} onDone={refresh} />
          </>
        }
      >
        {tk.creationNote && (
          <Alert
            style={{ marginBottom: 16 }}
            showIcon
            type="warning"
            data-testid="ota-task-note"
            message={t(tk.creationNote === 'someFailed' ? 'error.someDevicesFailed' : 'error.noUpgradeDevices')}
          />
        )}
        <Descriptions bordered column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('otaTask.fields.id')}>{tk.id}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.account')}>{tk.accountName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.type')}>{t(`otaTask.type.${tk.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.package')}>{tk.packageName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.toVersion')}>{tk.toVersion}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.fromVersion')}>{tk.fromVersion || '-'}</Descriptions.Item>
          {tk.type === 1 && (
            <Descriptions.Item label={t('otaTask.fields.language')}>{tk.language ?? '-'}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('otaTask.fields.status')}>
            <OtaStatusTag status={tk.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.creationStatus')}>
            <CreationStatusTag status={tk.creationStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.scope')}>{t(`otaTask.scope.${tk.scope}`)}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.effectiveTime')}>
            {formatDateTime(tk.effectiveAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.startedAt')}>{formatDateTime(tk.startedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.endedAt')}>{formatDateTime(tk.endedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.expireAt')}>{formatDateTime(tk.expireAt)}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.retries')}>{tk.retries}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.timeoutMinutes')}>{tk.timeoutMinutes}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.pace')}>
            {tk.pace || t('otaTask.paceUnlimited')}
          </Descriptions.Item>
          <Descriptions.Item label={t('otaTask.campaign.window')}>
            {tk.offerWindow ? `${tk.offerWindow.from}–${tk.offerWindow.to}` : t('otaTask.campaign.anyTime')}
          </Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.progress')}>
            <CountsProgress counts={counts} total={total} />
          </Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.createdAt')}>{formatDateTime(tk.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('otaTask.fields.remark')}>{tk.remark || '-'}</Descriptions.Item>
        </Descriptions>
      </TaskDetailCard>
      {phases.data && (phased ? <PhasePanel view={phases.data} /> : <HaltAlert view={phases.data} />)}
      <StateCountCards
        states={EXECUTION_STATES}
        counts={counts}
        total={total}
        i18n="otaTask.execution"
        testId="ota-count"
        onPick={setState}
        col={{ xs: 12, sm: 8, md: 6, lg: 4, xl: 4, xxl: 2 }}
        tagColors={EXECUTION_COLORS}
      />
      <ProgressChart progress={progress.data} />
      <ExecutionTable taskId={id} state={state} onStateChange={setState} refetchInterval={live ? poll : false} />
    </Space>
  );
}
