import { Button, Popconfirm, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { haltOtaTask } from '../api/ota-tasks-api';
import type { OtaTask } from '../api/types';
import { P } from './paths';

type Verb = 'pause' | 'resume' | 'abort' | 'approve';
/** Who may: stopping offers is the cancel permission's, starting them again the edit permission's. */
const PERMISSION: Record<Verb, string> = { pause: 'cancel', abort: 'cancel', resume: 'edit', approve: 'edit' };

/**
 * Pause, resume, abort and approve of a running task, each after a confirmation. Which ones show
 * follows the task: a running one may be paused or aborted, a halted one resumed (a paused one
 * also aborted), and approve only when the running phase waits for nothing but the approval.
 */
export function CampaignButtons({
  task,
  approvable,
  onDone,
}: {
  task: OtaTask;
  approvable: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan();
  if (task.schedule !== 'inProgress') return null;
  const verbs: Verb[] =
    task.halt === null
      ? [...(approvable ? (['approve'] as const) : []), 'pause', 'abort']
      : task.halt === 'paused'
        ? ['resume', 'abort']
        : ['resume'];
  return (
    <>
      {verbs
        .filter((v) => can(`${P}.${PERMISSION[v]}`))
        .map((v) => (
          <Popconfirm
            key={v}
            title={t(`otaTask.campaign.confirm.${v}`, { name: task.name, n: task.currentPhase + 2 })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: v === 'abort', 'data-testid': `ota-task-${v}-ok` } as ButtonProps}
            onConfirm={async () => {
              await haltOtaTask(task.id, v);
              toastSuccess();
              onDone();
            }}
          >
            <Button danger={v === 'abort'} type={v === 'approve' ? 'primary' : 'default'} data-testid={`ota-task-${v}`}>
              {t(`otaTask.campaign.actions.${v}`)}
            </Button>
          </Popconfirm>
        ))}
    </>
  );
}
