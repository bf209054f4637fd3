import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { accountOptionsQuery } from '../lib/account-options';
import { formatDateTime } from '../lib/format';
import { useSession } from '../lib/session-context';

/** Columns that Herald's lists share, named for what they show; each list adds its own between. */

export const idColumn = <T,>(title: string): ProColumns<T> => ({
  title,
  dataIndex: 'id',
  search: false,
  sorter: true,
  width: 70,
});

/** The record's name, a link to its page when the user may open it (test id `<testId>-row-<name>`). */
export const nameColumn = <T extends { id: number; name: string }>(o: {
  title: string;
  to: (id: number) => string;
  linked: boolean;
  testId: string;
}): ProColumns<T> => ({
  title: o.title,
  dataIndex: 'name',
  render: (_, r) =>
    o.linked ? (
      <Link to={o.to(r.id)} data-testid={`${o.testId}-row-${r.name}`}>
        {r.name}
      </Link>
    ) : (
      r.name
    ),
});

/** A time, sortable; `newestFirst` makes it the list's first order. */
export const dateColumn = <T,>(
  title: string,
  dataIndex: keyof T & string,
  o: { newestFirst?: boolean } = {},
): ProColumns<T> => ({
  title,
  dataIndex,
  search: false,
  sorter: true,
  ...(o.newestFirst ? { defaultSortOrder: 'descend' as const } : {}),
  render: (_, r) => formatDateTime(r[dataIndex] as string | null),
});

/** The accounts an operator filters by (an account's own user has no such filter: the list is its own). */
export function useAccountFilter() {
  const { side } = useSession();
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  return {
    operator: side === 'op',
    fieldProps: {
      options: (accounts.data ?? []).map((a) => ({ value: a.id, label: a.name })),
      showSearch: true,
      optionFilterProp: 'label',
    },
  };
}

/** The owning account, shown to operators only (who see every account's records). */
export function useAccountColumn<T extends { accountName: string | null }>(title: string): ProColumns<T>[] {
  const filter = useAccountFilter();
  if (!filter.operator) return [];
  return [
    {
      title,
      dataIndex: 'accountId',
      valueType: 'select',
      fieldProps: filter.fieldProps,
      render: (_, r) => r.accountName ?? '-',
    },
  ];
}
