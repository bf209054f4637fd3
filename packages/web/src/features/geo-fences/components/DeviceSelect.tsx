import { useEffect, useState } from 'react';
import { Select, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FENCE_DEVICES_MAX, type FenceDeviceOption as DeviceRef } from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { deviceOptionsQuery } from '../api/device-options';
import { deviceKeyword } from './device-keyword';

const labelOf = (d: DeviceRef) => (d.name ? `${d.sn} · ${d.name}` : d.sn);
const SEARCH_DELAY_MS = 300;

/**
 * The fence's devices, searched by S/N or name on the server (an account may have thousands).
 * Chosen devices keep their labels while other searches come and go; `known` labels the fence's own.
 */
export function DeviceSelect({
  value,
  onChange,
  known = [],
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  known?: readonly DeviceRef[];
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [labels, setLabels] = useState(() => new Map(known.map((d) => [d.id, labelOf(d)])));
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(deviceKeyword(typed)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({ ...deviceOptionsQuery(keyword), placeholderData: keepPreviousData });
  const results = found.data ?? [];
  const chosen = value ?? [];

  const listed = new Set(results.map((d) => d.id));
  const options = [
    ...results.map((d) => ({ value: d.id, label: labelOf(d) })),
    ...chosen.filter((id) => !listed.has(id)).map((id) => ({ value: id, label: labels.get(id) ?? `#${id}` })),
  ];
  return (
    <Select<number[]>
      mode="multiple"
      showSearch
      allowClear
      filterOption={false}
      maxCount={FENCE_DEVICES_MAX}
      value={chosen}
      options={options}
      placeholder={t('geoFence.devicesPlaceholder')}
      onSearch={setTyped}
      notFoundContent={found.isFetching ? <Spin size="small" /> : t('geoFence.noDevices')}
      onChange={(ids) => {
        setLabels((prev) => {
          const next = new Map(prev);
          for (const d of results) if (ids.includes(d.id)) next.set(d.id, labelOf(d));
          return next;
        });
        onChange?.(ids);
      }}
      data-testid="fence-devices"
    />
  );
}
