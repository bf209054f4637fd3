import { devicesApi } from '@herald/contract';
import { call } from '../lib/api-client';
import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';

/**
 * Devices of the account matching what was typed (S/N or name), picked one by one: a cohort made
 * by hand, or a task's "specified devices".
 */
export function DevicePicker({
  accountId,
  enabled,
  value,
  onChange,
  placeholder,
  testId,
}: {
  accountId?: number;
  /** operators pick the account first (the list would mix accounts otherwise) */
  enabled: boolean;
  value?: number[];
  onChange?: (v: number[]) => void;
  placeholder: string;
  testId: string;
}) {
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  const devices = useQuery({
    queryKey: ['devices', 'picker', accountId ?? null, search] as const,
    queryFn: () => call(devicesApi.list, { query: { accountId, sn: search || undefined, page: 1, pageSize: 50 } }),
    enabled,
  });
  const options = (devices.data?.list ?? []).map((d) => ({
    value: d.id,
    label: d.name ? `${d.sn} (${d.name})` : d.sn,
  }));
  // the labels of picked devices stay when the search moves on
  const labelled = [
    ...options,
    ...[...known].filter(([id]) => !options.some((o) => o.value === id)).map(([id, label]) => ({ value: id, label })),
  ];
  return (
    <Select
      mode="multiple"
      showSearch
      disabled={!enabled}
      filterOption={false}
      onSearch={setSearch}
      loading={devices.isFetching}
      placeholder={placeholder}
      value={value}
      options={labelled}
      data-testid={testId}
      onChange={(ids: number[]) => {
        setKnown(new Map(ids.map((id) => [id, labelled.find((o) => o.value === id)?.label ?? String(id)])));
        onChange?.(ids);
      }}
    />
  );
}
