import type { ReactNode, RefObject } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import type { Page } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import type { Params } from '../lib/http';
import {
  FIT_SCROLL,
  fitColumns,
  PAGINATION,
  toPageQuery,
  toTableResult,
  type SortState,
  type TableParams,
} from '../lib/pro-table';

/**
 * A server-paged list the way every Herald list works: ProTable with the filter form, sorting,
 * the shared pagination, the API's page query, and an "Add" button in the toolbar when the user
 * may add. `testId` names the wrapper (`<testId>-table`) and the button (`<testId>-add`).
 */
/** How often a list with work under way reloads (ProTable's polling; its floor is 2 s). */
const REFRESH_MS = 5000;

export function ListTable<T extends { id: number }>(props: {
  testId: string;
  title: ReactNode;
  columns: ProColumns<T>[];
  list: (params: Params) => Promise<Page<T>>;
  actionRef?: RefObject<ActionType | undefined>;
  /** extra query parameters outside the filter form (a reload follows when they change) */
  params?: Record<string, unknown>;
  /** shown only when given: what "Add" does */
  onAdd?: () => void;
  /** while it holds for the rows shown (work under way), the page reloads itself every few seconds */
  refreshWhile?: (rows: T[]) => boolean;
}) {
  const { t } = useTranslation();
  const { testId, title, columns, list, actionRef, params, onAdd, refreshWhile } = props;
  return (
    <div data-testid={`${testId}-table`}>
      <ProTable<T>
        rowKey="id"
        actionRef={actionRef}
        columns={fitColumns(columns)}
        scroll={FIT_SCROLL}
        headerTitle={title}
        params={params}
        polling={refreshWhile ? (rows: T[]) => (refreshWhile(rows) ? REFRESH_MS : 0) : undefined}
        pagination={PAGINATION}
        search={{ labelWidth: 'auto' }}
        request={async (query, sort) =>
          toTableResult(await list(toPageQuery(query as TableParams, sort as SortState) as Params))
        }
        toolBarRender={() => [
          onAdd && (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${testId}-add`}>
              {t('common.add')}
            </Button>
          ),
        ]}
      />
    </div>
  );
}
