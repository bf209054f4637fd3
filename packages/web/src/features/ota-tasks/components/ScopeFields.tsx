import { useState } from 'react';
import { Form, Input, Radio, Select } from 'antd';
import { ProFormDateTimePicker } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { TASK_SCOPES, type Device, type Page } from '@herald/contract';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { get } from '../../../lib/http';
import { groupLabel } from '../../device-groups/components/group-label';
import { cohortOptionsQuery, groupOptionsQuery } from '../api/lookups';
import { effectiveTimeTooSoon } from './task-scope';

/** Devices matching what was typed (S/N or name), for the "specified devices" picker. */
function DevicePicker({
  accountId,
  enabled,
  value,
  onChange,
}: {
  accountId?: number;
  /** operators pick the account first (the list would mix accounts otherwise) */
  enabled: boolean;
  value?: number[];
  onChange?: (v: number[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  const devices = useQuery({
    queryKey: ['devices', 'picker', accountId ?? null, search] as const,
    queryFn: () => get<Page<Device>>('/v1/devices', { accountId, sn: search || undefined, page: 1, pageSize: 50 }),
    enabled,
  });
  const options = (devices.data?.list ?? []).map((d) => ({
    value: d.id,
    label: d.name ? `${d.sn} (${d.name})` : d.sn,
  }));
  // keep the labels of picked devices when the search moves on
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
      placeholder={t('otaTask.scope.devicesPlaceholder')}
      value={value}
      options={labelled}
      data-testid="task-devices"
      onChange={(ids: number[]) => {
        setKnown(new Map(ids.map((id) => [id, labelled.find((o) => o.value === id)?.label ?? String(id)])));
        onChange?.(ids);
      }}
    />
  );
}

/**
 * The device scope of a task (upgrade and push): all of the account's devices, picked devices,
 * groups, or pasted S/Ns. Group and S/N are exclusive by construction (one scope at a time).
 */
export function ScopeFields({
  accountId,
  accountReady,
  label,
  cohorts = false,
}: {
  accountId?: number;
  accountReady: boolean;
  /** the scope field's label (upgrade or push scope) */
  label?: string;
  /** upgrade tasks: one of the account's cohorts may be the scope */
  cohorts?: boolean;
}) {
  const { t } = useTranslation();
  const scope = Form.useWatch('scope') as string | undefined;
  const groups = useQuery(groupOptionsQuery(accountId, accountReady && scope === 'group'));
  const cohortList = useQuery(cohortOptionsQuery(accountId, accountReady && scope === 'cohort'));
  return (
    <>
      <Form.Item
        name="scope"
        label={label ?? t('otaTask.fields.scope')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Radio.Group
          data-testid="task-scope"
          options={[...TASK_SCOPES, ...(cohorts ? ['cohort'] : [])].map((s) => ({
            value: s,
            label: t(`otaTask.scope.${s}`),
          }))}
          optionType="button"
        />
      </Form.Item>
      {scope === 'devices' && (
        <Form.Item
          name="deviceIds"
          label={t('otaTask.scope.devicesField')}
          extra={accountReady ? undefined : t('error.selectAccountFirst')}
          rules={[{ required: true, message: t('validation.selectOne') }]}
        >
          <DevicePicker accountId={accountId} enabled={accountReady} />
        </Form.Item>
      )}
      {scope === 'group' && (
        <Form.Item
          name="groupIds"
          label={t('otaTask.scope.groupField')}
          rules={[{ required: true, message: t('validation.selectOne') }]}
          extra={accountReady ? undefined : t('error.selectAccountFirst')}
        >
          <Select
            mode="multiple"
            disabled={!accountReady}
            loading={groups.isFetching}
            optionFilterProp="label"
            data-testid="task-groups"
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: groupLabel(g, t) }))}
          />
        </Form.Item>
      )}
      {scope === 'cohort' && (
        <Form.Item
          name="cohortId"
          label={t('otaTask.scope.cohortField')}
          extra={accountReady ? t('otaTask.scope.cohortHint') : t('error.selectAccountFirst')}
          rules={[{ required: true, message: t('validation.selectOne') }]}
        >
          <Select
            disabled={!accountReady}
            loading={cohortList.isFetching}
            showSearch
            optionFilterProp="label"
            data-testid="task-cohort"
            options={(cohortList.data?.list ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.size})` }))}
          />
        </Form.Item>
      )}
      {scope === 'sn' && (
        <Form.Item
          name="snText"
          label={t('otaTask.scope.snField')}
          extra={t('otaTask.scope.snHint')}
          rules={[{ required: true, whitespace: true, message: t('validation.selectOne') }]}
        >
          <Input.TextArea rows={6} spellCheck={false} data-testid="task-sns" />
        </Form.Item>
      )}
    </>
  );
}

/** Effective time: empty starts at once; otherwise more than five minutes ahead (spec). */
export function EffectiveTimeField() {
  const { t } = useTranslation();
  return (
    <ProFormDateTimePicker
      name="effectiveTime"
      label={t('otaTask.fields.effectiveTime')}
      extra={t('otaTask.effectiveTimeHint')}
      rules={[
        {
          validator: (_, v?: Dayjs | null) =>
            effectiveTimeTooSoon(v ? dayjs(v) : null)
              ? Promise.reject(new Error(t('validation.triggerTime')))
              : Promise.resolve(),
        },
      ]}
      fieldProps={
        {
          disabledDate: (d: Dayjs) => d.isBefore(dayjs().startOf('day')),
          'data-testid': 'task-effective-time',
        } as object
      }
    />
  );
}
