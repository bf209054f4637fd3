import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Device, Page } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { get } from '../../../lib/http';

/** Devices of the account matching the S/N typed, picked one by one (a cohort made by hand). */
export function DevicePicker({
  accountId,
  enabled,
  value,
  onChange,
}: {
  accountId?: number;
  enabled: boolean;
  value?: number[];
  onChange?: (v: number[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  const devices = useQuery({
    queryKey: ['devices', 'cohort-picker', accountId ?? null, search] as const,
    queryFn: () => get<Page<Device>>('/v1/devices', { accountId, sn: search || undefined, page: 1, pageSize: 50 }),
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
      placeholder={t('cohort.devicesPlaceholder')}
      value={value}
      options={labelled}
      data-testid="cohort-devices"
      onChange={(ids: number[]) => {
        setKnown(new Map(ids.map((id) => [id, labelled.find((o) => o.value === id)?.label ?? String(id)])));
        onChange?.(ids);
      }}
    />
  );
}
