import type { ReactNode } from 'react';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailTitle } from '../DetailTitle';
import { CancelTaskButton } from './CancelTaskButton';

/**
 * The summary card of an upgrade or push task: its name as the title; the kind's own buttons
 * (`actions`), cancel while `live`, and back; the summary itself as `children`. Test ids:
 * `<testId>-detail` and `<testId>-cancel-<id>`.
 */
export function TaskDetailCard(props: {
  task: { id: number; name: string };
  testId: string;
  back: string;
  live: boolean;
  cancel: (id: number) => Promise<unknown>;
  /** the cancel permission code */
  permission: string;
  /** what cancelling does to the devices, when not the upgrade task's */
  cancelHint?: string;
  onCancelled: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { task } = props;
  return (
    <Card
      title={<DetailTitle name={task.name} />}
      data-testid={`${props.testId}-detail`}
      extra={
        <Space>
          {props.actions}
          {props.live && (
            <CancelTaskButton
              id={task.id}
              name={task.name}
              cancel={props.cancel}
              permission={props.permission}
              testId={`${props.testId}-cancel`}
              hint={props.cancelHint}
              onCancelled={props.onCancelled}
            />
          )}
          <Button onClick={() => navigate(props.back)}>{t('common.back')}</Button>
        </Space>
      }
    >
      {props.children}
    </Card>
  );
}
