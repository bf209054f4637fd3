import { useState } from 'react';
import { Descriptions, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PUSH_RESULT_STATES } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailFallback } from '../../../components/DetailFallback';
import { formatDateTime } from '../../../lib/format';
import { cancelPushTask, pushTaskLogoQuery, pushTaskQuery } from '../api/push-tasks-api';
import { formatBytes } from '../../../components/files/format-bytes';
import type { PushTask } from '../api/types';
import { P, PUSH_LIST } from '../../../lib/push-task-paths';
import { useFallbackPoll } from '../../../lib/live';
import { PushResultTable } from '../components/PushResultTable';
import { isLivePush, PushProgress, PushStatusTag } from '../components/status';
import { StateCountCards } from '../../../components/tasks/StateCountCards';
import { TaskDetailCard } from '../../../components/tasks/TaskDetailCard';
import { useTaskRefresh } from '../../../components/tasks/use-task-refresh';

/** What was pushed, in words. */
function Payload({ task }: { task: PushTask }) {
  const { t } = useTranslation();
  if (task.type === 'message') return <Typography.Text>{task.message ?? '-'}</Typography.Text>;
  if (task.type === 'resource') return <span>{task.resourceName ?? task.resourceId ?? '-'}</span>;
  if (task.type === 'logo') return <LogoPayload task={task} />;
  return (
    <span>
      {Object.entries(task.config ?? {})
        .map(([k, v]) => `${t(`device.print.${k}`, { defaultValue: k })}: ${String(v)}`)
        .join(', ') || '-'}
    </span>
  );
}

/** A startup logo task: the file's name and size, and the picture itself. */
function LogoPayload({ task }: { task: PushTask }) {
  const logo = useQuery(pushTaskLogoQuery(task.id, !!task.logo)).data;
  return (
    <Space direction="vertical" size={4}>
      <span data-testid="push-detail-logo-name">
        {task.logo ? `${task.logo.name} (${formatBytes(task.logo.size)})` : '-'}
      </span>
      {logo && (
        <img
          src={logo}
          alt=""
          data-testid="push-detail-logo"
          style={{ maxWidth: 384, border: '1px dashed #d9d9d9', imageRendering: 'pixelated' }}
        />
      )}
    </Space>
  );
}

/** A push task: its summary, counts per delivery state and per-device results (live while running). */
export function PushTaskDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id ?? 0);
  const [state, setState] = useState<string>();
  const poll = useFallbackPoll();
  const query = useQuery({
    ...pushTaskQuery(id),
    staleTime: 0,
    refetchInterval: (q) => (isLivePush(q.state.data?.status) ? poll : false),
  });
  const task = query.data;
  const live = isLivePush(task?.status);
  // results moved: the task and its rows are read again
  const refresh = useTaskRefresh('pushTask', 'push-tasks', id, live);
  if (!task) return <DetailFallback query={query} back={PUSH_LIST} />;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <TaskDetailCard
        task={task}
        testId="push-task"
        back={PUSH_LIST}
        live={live}
        cancel={cancelPushTask}
        permission={`${P}.cancel`}
        cancelHint={t('pushTask.confirm.cancelHint')}
        onCancelled={refresh}
      >
        <Descriptions bordered column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('pushTask.fields.id')}>{task.id}</Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.account')}>{task.accountName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.type')}>{t(`pushTask.type.${task.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.status')}>
            <PushStatusTag status={task.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.scope')}>{t(`otaTask.scope.${task.scope}`)}</Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.progress')}>
            <PushProgress task={task} />
          </Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.content')} span={3}>
            <Payload task={task} />
          </Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.effectiveTime')}>
            {formatDateTime(task.effectiveAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.expireAt')}>{formatDateTime(task.expireAt)}</Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.ttlHours')}>{task.ttlHours}</Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.createdAt')}>{formatDateTime(task.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.endedAt')}>{formatDateTime(task.endedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('pushTask.fields.remark')}>{task.remark || '-'}</Descriptions.Item>
        </Descriptions>
      </TaskDetailCard>
      <StateCountCards
        states={PUSH_RESULT_STATES}
        counts={task.counts}
        total={task.total}
        i18n="pushTask.result"
        testId="push-count"
        onPick={setState}
        col={{ xs: 12, sm: 8, md: 6, lg: 3 }}
      />
      <PushResultTable taskId={id} state={state} onStateChange={setState} refetchInterval={live ? poll : false} />
    </Space>
  );
}
