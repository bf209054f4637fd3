import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordList, type RecordListProps } from '../RecordList';
import { dateColumn, useAccountColumn } from '../list-columns';
import { CancelTaskButton } from './CancelTaskButton';

type TaskRow = { id: number; name: string; accountName: string | null; createdAt: string };

/**
 * The upgrade and push task lists: id, name, account (operators), the columns of the task's kind
 * (`columns`), creation time (newest first), then detail, the kind's own actions and cancel while
 * `cancellable`. Reloads on return and every few seconds while `refreshWhile` holds. Test ids:
 * `<testId>-table`, `-add`, `-row-<name>`, `-cancel-<id>`.
 */
export function TaskList<T extends TaskRow>(
  props: Omit<RecordListProps<T>, 'rowActions'> & {
    cancel: (id: number) => Promise<unknown>;
    cancellable: (r: T) => boolean;
    /** what cancelling does to the devices, when not the upgrade task's */
    cancelHint?: string;
    /** links between detail and cancel */
    actions?: (r: T) => ReactNode;
  },
) {
  const { t } = useTranslation();
  const f = (field: string) => t(`${props.i18n}.fields.${field}`);
  const account = useAccountColumn<T>(f('account'));

  return (
    <RecordList<T>
      {...props}
      columns={[...account, ...props.columns, dateColumn(f('createdAt'), 'createdAt', { newestFirst: true })]}
      rowActions={(r, reload) => (
        <>
          {props.actions?.(r)}
          {props.cancellable(r) && (
            <CancelTaskButton
              id={r.id}
              name={r.name}
              link
              cancel={props.cancel}
              permission={`${props.P}.cancel`}
              testId={`${props.testId}-cancel`}
              hint={props.cancelHint}
              onCancelled={reload}
            />
          )}
        </>
      )}
    />
  );
}
