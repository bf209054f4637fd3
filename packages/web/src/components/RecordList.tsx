import { useRef, type ReactNode, type RefObject } from 'react';
import { Space } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import type { Page } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListTable } from './ListTable';
import { idColumn, nameColumn } from './list-columns';
import { useCan } from '../lib/can';
import type { Params } from '../lib/http';
import { useReloadOnReturn } from '../lib/use-reload-on-return';

/**
 * A list of named records with a page each (packages, tasks): id, name (a link to its page),
 * `columns`, then detail and the row's own actions; "Add" for those who may, reloaded on return.
 * Permission codes `<P>.query` and `<P>.add`; test ids `<testId>-table`, `-add`, `-row-<name>`.
 */
export type RecordListProps<T> = {
  /** i18n prefix of the fields (`id` and `name` here), e.g. 'firmware' */
  i18n: string;
  P: string;
  testId: string;
  title: ReactNode;
  list: (params: Params) => Promise<Page<T>>;
  add: () => string;
  detail: (id: number) => string;
  columns: ProColumns<T>[];
  /** after the detail link; `reload` reads the page again (after a delete or cancel) */
  rowActions: (r: T, reload: () => void) => ReactNode;
  /** given when the page moves the list itself (e.g. back to page 1) */
  actionRef?: RefObject<ActionType | undefined>;
  params?: Record<string, unknown>;
  refreshWhile?: (rows: T[]) => boolean;
};

export function RecordList<T extends { id: number; name: string }>(props: RecordListProps<T>) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const own = useRef<ActionType>(undefined);
  const action = props.actionRef ?? own;
  useReloadOnReturn(action);
  const { P, testId } = props;
  const reload = () => void action.current?.reload();

  const columns: ProColumns<T>[] = [
    idColumn(t(`${props.i18n}.fields.id`)),
    nameColumn({ title: t(`${props.i18n}.fields.name`), to: props.detail, linked: can(`${P}.query`), testId }),
    ...props.columns,
    {
      title: t('common.operation'),
      valueType: 'option',
      render: (_, r) => (
        <Space>
          {can(`${P}.query`) && <Link to={props.detail(r.id)}>{t('common.detail')}</Link>}
          {props.rowActions(r, reload)}
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
