import type { Page } from '@herald/contract';
import type { ProColumns } from '@ant-design/pro-components';

/** ProTable's request params → the API's page query; returns ProTable's result shape. */
export type TableParams = { current?: number; pageSize?: number; [k: string]: unknown };
export type SortState = Record<string, 'ascend' | 'descend' | null>;

export function toPageQuery(params: TableParams, sort?: SortState): Record<string, string | number | undefined> {
  const { current, pageSize, ...rest } = params;
  const out: Record<string, string | number | undefined> = { page: current ?? 1, pageSize: pageSize ?? 20 };
  for (const [k, v] of Object.entries(rest)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = typeof v === 'number' ? v : String(v);
  }
  const [field, order] = Object.entries(sort ?? {}).find(([, o]) => o) ?? [];
  if (field && order) {
    out.sortField = field;
    out.sortOrder = order;
  }
  return out;
}

export const toTableResult = <T>(p: Page<T>) => ({ data: p.list, total: p.total, success: true });

/** antd/ProTable pagination defaults shared by every list. */
export const PAGINATION = { defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] };

/**
 * Every list scrolls sideways inside its card and keeps its action column pinned to the right
 * edge: a wide list (many columns, a long language) then never pushes the actions off-screen.
 */
export const FIT_SCROLL = { x: 'max-content' } as const;

export function fitColumns<T, V = 'text'>(columns: ProColumns<T, V>[]): ProColumns<T, V>[] {
  return columns.map((c) => (c.valueType === 'option' && !c.fixed ? { ...c, fixed: 'right' } : c));
}
