import { Form, Select, Upload, Button, Input } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ProForm, ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { OTA_COHORT_NAME_MAX, OTA_COHORT_SOURCES, fleetCommonApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { accountOptionsQuery } from '../../../lib/account-options';
import { readAsDataUrl } from '../../../lib/files';
import { maxLen, required, requiredSelect } from '../../../lib/form-rules';
import { pageSubmitter } from '../../../lib/page-submitter';
import { savedOrFieldErrors } from '../../../lib/server-field-errors';
import { useSession } from '../../../lib/session-context';
import { cohortGroupsQuery } from '../api/cohorts-api';
import type { CohortFormValues } from './cohort-body';
import { DevicePicker } from '../../../components/DevicePicker';

const modelsQuery = {
  queryKey: ['common', 'modelListQuery', null] as const,
  queryFn: () => call(fleetCommonApi.modelListQuery),
};

/**
 * A new cohort: its name and where its devices come from — the device list's filters (read once,
 * when saved), a spreadsheet whose first column holds S/Ns, or devices picked one by one.
 */
export function CohortForm({
  onSave,
  onCancel,
}: {
  onSave: (v: CohortFormValues & { deviceIds?: number[] }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CohortFormValues & { deviceIds?: number[] }>();
  const { side } = useSession();
  const accounts = useQuery(accountOptionsQuery(side === 'op'));
  const accountId = Form.useWatch('accountId', form) as number | undefined;
  const source = Form.useWatch('source', form) as string | undefined;
  const ready = side === 'ac' || !!accountId;
  const groups = useQuery(cohortGroupsQuery(accountId, ready && source === 'filter'));
  const models = useQuery({ ...modelsQuery, enabled: source === 'filter' });
  const file = Form.useWatch('file', form) as CohortFormValues['file'];
  return (
    <ProForm<CohortFormValues & { deviceIds?: number[] }>
      form={form}
      data-testid="cohort-form"
      layout="horizontal"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 12 }}
      initialValues={{ source: 'filter' }}
      onValuesChange={(changed: Partial<CohortFormValues>) => {
        if ('accountId' in changed) form.setFieldsValue({ groupId: undefined, deviceIds: undefined });
      }}
      submitter={pageSubmitter('submit', 'cohort-submit', onCancel)}
      onFinish={(v) => savedOrFieldErrors(form, () => onSave(v))}
    >
      <ProFormText
        name="name"
        label={t('cohort.fields.name')}
        rules={[required(), maxLen(OTA_COHORT_NAME_MAX)]}
        fieldProps={{ 'data-testid': 'cohort-name' } as object}
      />
      {side === 'op' && (
        <ProFormSelect
          name="accountId"
          label={t('cohort.fields.account')}
          rules={[{ required: true, message: t('error.selectAccountFirst') }]}
          options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          fieldProps={{ showSearch: true, optionFilterProp: 'label', 'data-testid': 'cohort-account' } as object}
        />
      )}
      <ProFormRadio.Group
        name="source"
        label={t('cohort.fields.source')}
        rules={[requiredSelect()]}
        radioType="button"
        options={OTA_COHORT_SOURCES.map((s) => ({ value: s, label: t(`cohort.source.${s}`) }))}
        fieldProps={{ 'data-testid': 'cohort-source' } as object}
      />
      {source === 'filter' && (
        <>
          <Form.Item name="groupId" label={t('cohort.filter.group')} extra={t('cohort.filter.hint')}>
            <Select
              allowClear
              disabled={!ready}
              data-testid="cohort-filter-group"
              optionFilterProp="label"
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
          <Form.Item name="modelId" label={t('cohort.filter.model')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              data-testid="cohort-filter-model"
              options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            />
          </Form.Item>
          <Form.Item name="online" label={t('cohort.filter.online')}>
            <Select
              allowClear
              data-testid="cohort-filter-online"
              options={[
                { value: 'true', label: t('cohort.filter.onlineYes') },
                { value: 'false', label: t('cohort.filter.onlineNo') },
              ]}
            />
          </Form.Item>
          <Form.Item name="sn" label={t('cohort.filter.sn')}>
            <Input allowClear data-testid="cohort-filter-sn" />
          </Form.Item>
        </>
      )}
      {source === 'file' && (
        <Form.Item
          name="file"
          label={t('cohort.fields.file')}
          extra={t('cohort.fileHint')}
          rules={[{ required: true, message: t('error.uploadFailed') }]}
        >
          <Upload
            accept=".xlsx,.xls,.csv,.txt"
            maxCount={1}
            showUploadList={false}
            beforeUpload={async (f) => {
              form.setFieldValue('file', { name: f.name, content: await readAsDataUrl(f) });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="cohort-file">
              {file?.name ?? t('cohort.pickFile')}
            </Button>
          </Upload>
        </Form.Item>
      )}
      {source === 'manual' && (
        <Form.Item
          name="deviceIds"
          label={t('cohort.fields.devices')}
          extra={ready ? undefined : t('error.selectAccountFirst')}
          rules={[{ required: true, message: t('validation.selectOne') }]}
        >
          <DevicePicker
            accountId={accountId}
            enabled={ready}
            placeholder={t('cohort.devicesPlaceholder')}
            testId="cohort-devices"
          />
        </Form.Item>
      )}
      <ProFormTextArea name="remark" label={t('cohort.fields.remark')} rules={[maxLen(500)]} />
    </ProForm>
  );
}
