import { asc, desc, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

export type SortOrder = 'ascend' | 'descend';

/**
 * ORDER BY for a list the console sorts by one of its columns (antd's sortOrder; descending unless
 * 'ascend'), ties broken by `tie` in the same direction so pages do not overlap; undefined when
 * no sort is asked, for the list's own order. A "column" may be an expression (a count).
 */
export function sortedBy<K extends string>(
  columns: Record<K, AnyColumn | SQLWrapper>,
  sort: { sortField?: K; sortOrder?: SortOrder },
  tie: AnyColumn,
): SQL[] | undefined {
  if (!sort.sortField) return undefined;
  const dir = sort.sortOrder === 'ascend' ? asc : desc;
  return [dir(columns[sort.sortField]), dir(tie)];
}
