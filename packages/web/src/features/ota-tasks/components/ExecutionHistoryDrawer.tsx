import { Descriptions, Drawer, Empty, Spin, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ExecutionState } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { executionDetailQuery } from '../api/ota-tasks-api';
import type { Execution } from '../api/types';
import { useReasonText } from './reason-text';
import { EXECUTION_COLORS, ExecutionStateTag } from './status-tags';

const DOT: Record<string, string> = { success: 'green', error: 'red', processing: 'blue', warning: 'orange' };

/** One device's course through the task: every state change, per attempt, with its reason. */
export function ExecutionHistoryDrawer({
  taskId,
  execution,
  onClose,
  refetchInterval,
}: {
  taskId: number;
  execution?: Execution;
  onClose: () => void;
  refetchInterval: number | false;
}) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const { data } = useQuery({ ...executionDetailQuery(taskId, execution?.id), refetchInterval });
  const e = data ?? execution;
  return (
    <Drawer
      open={!!execution}
      onClose={onClose}
      width={520}
      title={execution ? t('otaTask.execution.historyTitle', { sn: execution.sn }) : ''}
      destroyOnHidden
    >
      {e && (
        <div data-testid="ota-exec-drawer">
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 24 }}>
            <Descriptions.Item label={t('otaTask.execution.fields.sn')}>{e.sn}</Descriptions.Item>
            <Descriptions.Item label={t('otaTask.execution.fields.state')}>
              <ExecutionStateTag state={e.state as ExecutionState} />
            </Descriptions.Item>
            <Descriptions.Item label={t('otaTask.execution.fields.reason')}>
              <span data-testid="ota-exec-drawer-reason">{reasonText(e)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('otaTask.execution.fields.attempt')}>{e.attempt}</Descriptions.Item>
            <Descriptions.Item label={t('otaTask.execution.fields.fromVersion')}>
              {e.fromVersion ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('otaTask.execution.fields.finishedAt')}>
              {formatDateTime(e.finishedAt)}
            </Descriptions.Item>
          </Descriptions>
          {!data ? (
            <Spin />
          ) : data.history.length === 0 ? (
            <Empty />
          ) : (
            <Timeline
              items={data.history.map((h) => ({
                color: DOT[EXECUTION_COLORS[h.state]] ?? 'gray',
                children: (
                  <div>
                    <div>
                      <ExecutionStateTag state={h.state} />
                      <span style={{ color: '#999' }}>
                        {formatDateTime(h.at)} · {t('otaTask.execution.attemptN', { n: h.attempt })}
                      </span>
                    </div>
                    {(h.reason || h.message) && <div>{h.reason ? reasonText(h) : h.message}</div>}
                  </div>
                ),
              }))}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}
