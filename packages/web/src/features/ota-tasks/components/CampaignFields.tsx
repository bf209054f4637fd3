import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { OTA_ABORT_KINDS, OTA_PHASES_MAX, OTA_SOAK_MINUTES_MAX } from '@herald/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requiredSelect } from '../../../lib/form-rules';
import { cohortOptionsQuery } from '../../../lib/lookups';

const NEW_PHASE = { percent: 10, soakMinutes: 60, successThreshold: 95, approval: false };
const NEW_CRITERION = { kind: 'failed', percent: 10, minFinished: 10 };

/**
 * Phases and abort criteria of a new task. Both optional: without phases every device is offered
 * at once. A phase is a share of the devices or one of the account's cohorts (a canary first);
 * the server checks that the shares add up to 100 % ('error.phasesSum' on `phases`).
 */
export function CampaignFields({ accountId, ready }: { accountId?: number; ready: boolean }) {
  const { t } = useTranslation();
  const cohorts = useQuery(cohortOptionsQuery(accountId, ready));
  const phases = Form.useWatch('phases') as { cohortId?: number | null }[] | undefined;
  const num = (name: (string | number)[], label: string, min: number, max: number, testId: string) => (
    <Form.Item name={name} label={label} rules={[requiredSelect()]}>
      <InputNumber min={min} max={max} precision={0} data-testid={testId} />
    </Form.Item>
  );
  const hhmm = { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: t('validation.format') };
  return (
    <>
      <Form.Item label={t('otaTask.campaign.window')} extra={t('otaTask.campaign.windowHint')}>
        <Space align="baseline">
          <Form.Item name="offerFrom" rules={[hhmm]} noStyle>
            <Input placeholder="22:00" style={{ width: 90 }} data-testid="task-window-from" />
          </Form.Item>
          <span>–</span>
          <Form.Item name="offerTo" rules={[hhmm]} noStyle>
            <Input placeholder="06:00" style={{ width: 90 }} data-testid="task-window-to" />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item label={t('otaTask.campaign.formTitle')} extra={t('otaTask.campaign.formHint')}>
        <Form.List
          name="phases"
          rules={[
            {
              // the server says the same; said here before the round trip
              validator: async (_, list?: { percent?: number; cohortId?: number | null }[]) => {
                const shares = (list ?? []).filter((p) => !p?.cohortId);
                const sum = shares.reduce((a, p) => a + (p?.percent ?? 0), 0);
                if (shares.length && sum !== 100) throw new Error(t('error.phasesSum'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((f, i) => (
                <Space key={f.key} wrap align="baseline" data-testid={`phase-${i}`}>
                  <Typography.Text strong>{t('otaTask.campaign.phaseN', { n: i + 1 })}</Typography.Text>
                  <Form.Item name={[f.name, 'cohortId']} label={t('otaTask.campaign.cohort')}>
                    <Select
                      allowClear
                      disabled={!ready}
                      style={{ width: 180 }}
                      placeholder={t('otaTask.campaign.cohortPlaceholder')}
                      data-testid={`phase-cohort-${i}`}
                      options={(cohorts.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
                    />
                  </Form.Item>
                  {!phases?.[i]?.cohortId &&
                    num([f.name, 'percent'], t('otaTask.campaign.percent'), 1, 100, `phase-percent-${i}`)}
                  {num(
                    [f.name, 'soakMinutes'],
                    t('otaTask.campaign.soakMinutes'),
                    0,
                    OTA_SOAK_MINUTES_MAX,
                    `phase-soak-${i}`,
                  )}
                  {num(
                    [f.name, 'successThreshold'],
                    t('otaTask.campaign.successThreshold'),
                    0,
                    100,
                    `phase-threshold-${i}`,
                  )}
                  {i > 0 && (
                    <Form.Item name={[f.name, 'approval']} valuePropName="checked">
                      <Checkbox data-testid={`phase-approval-${i}`}>{t('otaTask.campaign.approval')}</Checkbox>
                    </Form.Item>
                  )}
                  <Button type="link" danger onClick={() => remove(f.name)}>
                    {t('common.delete')}
                  </Button>
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < OTA_PHASES_MAX && (
                <Button onClick={() => add(NEW_PHASE)} data-testid="phase-add">
                  {t('otaTask.campaign.addPhase')}
                </Button>
              )}
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label={t('otaTask.campaign.criteriaTitle')} extra={t('otaTask.campaign.criteriaHint')}>
        <Form.List name="abortCriteria">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields.map((f, i) => (
                <Space key={f.key} wrap align="baseline" data-testid={`criterion-${i}`}>
                  <Form.Item name={[f.name, 'kind']} label={t('otaTask.campaign.kind')}>
                    <Select
                      style={{ width: 140 }}
                      data-testid={`criterion-kind-${i}`}
                      options={OTA_ABORT_KINDS.map((k) => ({ value: k, label: t(`otaTask.campaign.kinds.${k}`) }))}
                    />
                  </Form.Item>
                  {num([f.name, 'percent'], t('otaTask.campaign.percent'), 1, 100, `criterion-percent-${i}`)}
                  {num([f.name, 'minFinished'], t('otaTask.campaign.minFinished'), 1, 10_000, `criterion-min-${i}`)}
                  <Button type="link" danger onClick={() => remove(f.name)}>
                    {t('common.delete')}
                  </Button>
                </Space>
              ))}
              {fields.length < OTA_ABORT_KINDS.length && (
                <Button onClick={() => add(NEW_CRITERION)} data-testid="criterion-add">
                  {t('otaTask.campaign.addCriterion')}
                </Button>
              )}
            </Space>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}
