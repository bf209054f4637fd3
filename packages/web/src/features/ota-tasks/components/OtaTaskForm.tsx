import { Alert } from 'antd';
import { ProFormDigit, ProFormRadio, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  OTA_PACE_MAX,
  OTA_RETRIES_MAX,
  OTA_TASK_TYPES,
  OTA_TIMEOUT_MINUTES_MAX,
  type TaskScope,
} from '@herald/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { maxLen, requiredSelect } from '../../../lib/form-rules';
import { versionRule } from '../../../components/files';
import {
  firmwareOptionsQuery,
  modelOptionsQuery,
  resourceOptionsQuery,
  speakLanguagesQuery,
} from '../../../lib/lookups';
import type { OtaTask } from '../api/types';
import { CampaignFields } from './CampaignFields';
import { EffectiveTimeField, ScopeFields } from '../../../components/tasks/ScopeFields';
import type { OtaTaskFormValues } from './task-body';
import { TaskForm, useTaskAccount } from '../../../components/tasks/TaskForm';

const DEFAULTS: Partial<OtaTaskFormValues> = { type: 0, scope: 'all', retries: 2, timeoutMinutes: 30, pace: 0 };

function fromTask(task: OtaTask): Partial<OtaTaskFormValues> {
  return {
    name: task.name,
    accountId: task.accountId,
    type: task.type,
    packageId: task.packageId,
    fromVersion: task.fromVersion ?? '',
    language: task.language ?? undefined,
    scope: task.scope as TaskScope,
    deviceIds: task.deviceIds,
    groupIds: task.groupIds,
    snText: task.sns.join('\n'),
    // a start already near or past cannot be kept as is; the user picks a new one or "now"
    effectiveTime: dayjs(task.effectiveAt).isAfter(dayjs().add(5, 'minute')) ? dayjs(task.effectiveAt) : undefined,
    retries: task.retries,
    timeoutMinutes: task.timeoutMinutes,
    pace: task.pace,
    remark: task.remark ?? '',
  };
}

/** Package select: firmware (optionally narrowed to a model) or a language pack of a language. */
function PackageFields({ accountId, ready, locked }: { accountId?: number; ready: boolean; locked: boolean }) {
  const { t, i18n } = useTranslation();
  const type = Form.useWatch('type') as number | undefined;
  const modelId = Form.useWatch('modelId') as number | undefined;
  const language = Form.useWatch('language') as string | undefined;
  const models = useQuery(modelOptionsQuery());
  const languages = useQuery(speakLanguagesQuery(i18n.language));
  const firmware = useQuery(firmwareOptionsQuery(accountId, modelId, ready && type === 0));
  const packs = useQuery(resourceOptionsQuery(accountId, language, ready && type === 1));
  const packages = (type === 0 ? firmware.data : packs.data) ?? [];
  return (
    <>
      {/* the model only narrows the package list: nothing to narrow once the package is fixed */}
      {type === 0 ? (
        !locked && (
          <ProFormSelect
            name="modelId"
            label={t('otaTask.fields.model')}
            options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            fieldProps={{ showSearch: true, optionFilterProp: 'label', allowClear: true } as object}
          />
        )
      ) : (
        <ProFormSelect
          name="language"
          label={t('otaTask.fields.language')}
          disabled={locked}
          options={languages.data ?? []}
          fieldProps={{ showSearch: true, optionFilterProp: 'label', allowClear: true } as object}
        />
      )}
      <ProFormSelect
        name="packageId"
        label={t('otaTask.fields.package')}
        disabled={locked || !ready}
        extra={ready ? undefined : t('error.selectAccountFirst')}
        rules={[requiredSelect()]}
        options={packages.map((p) => ({ value: p.value, label: p.label }))}
        fieldProps={
          {
            showSearch: true,
            optionFilterProp: 'label',
            loading: (type === 0 ? firmware : packs).isFetching,
            'data-testid': 'task-package',
          } as object
        }
      />
    </>
  );
}

/**
 * Add and edit an upgrade task. Once created, the package and scope are fixed (the devices were
 * evaluated against them), so editing (before the start only) changes the schedule and knobs.
 * `onSave` throws to keep the form; the server's field errors go on the fields.
 */
export function OtaTaskForm({
  task,
  onSave,
  onCancel,
}: {
  task?: OtaTask;
  onSave: (v: OtaTaskFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OtaTaskFormValues>();
  const locked = !!task;
  const { accountId, ready } = useTaskAccount(form);

  return (
    <TaskForm<OtaTaskFormValues>
      form={form}
      i18n="otaTask"
      testId="ota-task"
      fieldTestId="task"
      locked={locked}
      above={locked && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('otaTask.editHint')} />}
      initialValues={task ? fromTask(task) : DEFAULTS}
      onValuesChange={(changed) => {
        // a package belongs to one account, type and language: a change of these drops the choice
        if ('accountId' in changed || 'type' in changed || 'language' in changed || 'modelId' in changed)
          form.setFieldValue('packageId', undefined);
        if ('accountId' in changed)
          form.setFieldsValue({ groupIds: undefined, deviceIds: undefined, cohortId: undefined, phases: undefined });
      }}
      onSave={onSave}
      onCancel={onCancel}
    >
      <ProFormRadio.Group
        name="type"
        label={t('otaTask.fields.type')}
        disabled={locked}
        rules={[requiredSelect()]}
        radioType="button"
        options={OTA_TASK_TYPES.map((v) => ({ value: v, label: t(`otaTask.type.${v}`) }))}
        fieldProps={{ 'data-testid': 'task-type' } as object}
      />
      <PackageFields accountId={accountId} ready={ready} locked={locked} />
      <ProFormText
        name="fromVersion"
        label={t('otaTask.fields.fromVersion')}
        disabled={locked}
        extra={t('otaTask.fromVersionHint')}
        rules={[maxLen(32), versionRule()]}
        fieldProps={{ 'data-testid': 'task-from-version' } as object}
      />
      {locked ? (
        <Form.Item label={t('otaTask.fields.scope')}>{t(`otaTask.scope.${task.scope}`)}</Form.Item>
      ) : (
        <ScopeFields accountId={accountId} accountReady={ready} cohorts />
      )}
      <EffectiveTimeField />
      <ProFormDigit
        name="retries"
        label={t('otaTask.fields.retries')}
        min={0}
        max={OTA_RETRIES_MAX}
        fieldProps={{ precision: 0, 'data-testid': 'task-retries' } as object}
        rules={[requiredSelect()]}
      />
      <ProFormDigit
        name="timeoutMinutes"
        label={t('otaTask.fields.timeoutMinutes')}
        min={1}
        max={OTA_TIMEOUT_MINUTES_MAX}
        fieldProps={{ precision: 0 }}
        rules={[requiredSelect()]}
      />
      <ProFormDigit
        name="pace"
        label={t('otaTask.fields.pace')}
        extra={t('otaTask.paceHint')}
        min={0}
        max={OTA_PACE_MAX}
        fieldProps={{ precision: 0 }}
        rules={[requiredSelect()]}
      />
      {!locked && <CampaignFields accountId={accountId} ready={ready} />}
    </TaskForm>
  );
}
