import { Form, Input, Radio, Select } from 'antd';
import { ProFormDateTimePicker } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { TASK_SCOPES } from '@herald/contract';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { groupLabel } from '../../lib/group-label';
import { cohortOptionsQuery, groupOptionsQuery } from '../../lib/lookups';
import { DevicePicker } from '../DevicePicker';
import { effectiveTimeTooSoon } from './task-scope';

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
          <DevicePicker
            accountId={accountId}
            enabled={accountReady}
            placeholder={t('otaTask.scope.devicesPlaceholder')}
            testId="task-devices"
          />
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
