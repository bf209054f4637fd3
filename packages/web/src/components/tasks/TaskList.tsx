import { useRef, type ReactNode, type RefObject } from 'react';
import { Space } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { Page } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListTable } from '../ListTable';
import { dateColumn, idColumn, nameColumn, useAccountColumn } from '../list-columns';
import { useCan } from '../../lib/can';
import type { Params } from '../../lib/http';
import { useReloadOnReturn } from '../../lib/use-reload-on-return';
import { CancelTaskButton } from './CancelTaskButton';

type TaskRow = { id: number; name: string; accountName: string | null; createdAt: string };

/**
 * The upgrade and push task lists: id, name, account (operators), the columns of the task's kind
 * (`columns`), creation time (newest first), then detail, the kind's own actions and cancel while
 * `cancellable`. Reloads on return and every few seconds while `refreshWhile` holds. Test ids:
 * `<testId>-table`, `-add`, `-row-<name>`, `-cancel-<id>`.
 */
export function TaskList<T extends TaskRow>(props: {
  /** i18n prefix of the fields, e.g. 'otaTask' */
  i18n: string;
  /** its permission code */
  P: string;
  testId: string;
  title: ReactNode;
  list: (params: Params) => Promise<Page<T>>;
  add: () => string;
  detail: (id: number) => string;
  cancel: (id: number) => Promise<unknown>;
  cancellable: (r: T) => boolean;
  /** what cancelling does to the devices, when not the upgrade task's */
  cancelHint?: string;
  /** links between detail and cancel */
  actions?: (r: T) => ReactNode;
  columns: ProColumns<T>[];
  /** given when the page moves the list itself (e.g. back to page 1) */
  actionRef?: RefObject<ActionType | undefined>;
  params?: Record<string, unknown>;
  refreshWhile: (rows: T[]) => boolean;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const own = useRef<ActionType>(undefined);
  const action = props.actionRef ?? own;
  useReloadOnReturn(action);
  const { P, testId } = props;
  const f = (field: string) => t(`${props.i18n}.fields.${field}`);
  const account = useAccountColumn<T>(f('account'));

  const columns: ProColumns<T>[] = [
    idColumn(f('id')),
    nameColumn({ title: f('name'), to: props.detail, linked: can(`${P}.query`), testId }),
    ...account,
    ...props.columns,
    dateColumn(f('createdAt'), 'createdAt', { newestFirst: true }),
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          {can(`${P}.query`) && <Link to={props.detail(r.id)}>{t('common.detail')}</Link>}
          {props.actions?.(r)}
          {props.cancellable(r) && (
            <CancelTaskButton
              id={r.id}
              name={r.name}
              link
              cancel={props.cancel}
              permission={`${P}.cancel`}
              testId={`${testId}-cancel`}
              hint={props.cancelHint}
              onCancelled={() => void action.current?.reload()}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListTable<T>
      testId={testId}
      title={props.title}
      columns={columns}
      list={props.list}
      actionRef={action}
      params={props.params}
      onAdd={can(`${P}.add`) ? () => navigate(props.add()) : undefined}
      refreshWhile={props.refreshWhile}
    />
  );
}
