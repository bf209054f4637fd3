import { useState } from 'react';
import { Alert, Badge, Card, Col, Form, Row, Space } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import {
  ProForm,
  ProFormRadio,
  ProFormSelect,
  ProFormSlider,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import {
  CURRENCIES,
  OPEN_API,
  PAYMENT_TYPES,
  resolveLocale,
  SPEAK_LANGUAGE_LABELS,
  SPEAK_LANGUAGES,
} from '@herald/contract';
import { useTranslation } from 'react-i18next';
import { amount, maxLen, required, requiredSelect } from '../../../lib/form-rules';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { sendSpeakTest, speakersQuery, speakJobQuery } from '../api/speak-test';
import type { SpeakTestSendBody } from '../api/types';
import { JobProgress } from '../components/JobProgress';

/** Only the fields of the chosen mode go to the server. */
function toBody(v: SpeakTestSendBody): SpeakTestSendBody {
  return v.mode === 'text'
    ? { deviceId: v.deviceId, mode: 'text', text: v.text?.trim(), volume: v.volume }
    : {
        deviceId: v.deviceId,
        mode: 'amount',
        amount: String(v.amount ?? '').trim(),
        currency: v.currency,
        paymentType: v.paymentType,
        language: v.language,
      };
}

/** /system/speak-test: send a text or an amount to a speaker and watch the job move. */
export function SpeakTestPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<SpeakTestSendBody>();
  const mode = (Form.useWatch('mode', form) as SpeakTestSendBody['mode'] | undefined) ?? 'text';
  const speakers = useQuery(speakersQuery());
  const [jobId, setJobId] = useState<number>();
  const job = useQuery(speakJobQuery(jobId));

  const speakerOptions = (speakers.data ?? []).map((d) => ({
    value: d.id,
    disabled: !d.online,
    label: (
      <Space>
        <Badge status={d.online ? 'success' : 'default'} />
        {d.name ? `${d.name} (${d.sn})` : d.sn}
        {!d.online && t('speakTest.offline')}
        {d.paused && t('speakTest.paused')}
      </Space>
    ),
    searchText: `${d.sn} ${d.name ?? ''}`,
  }));

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('menu.speakTest')} data-testid="speak-test">
          {speakers.data && !speakers.data.some((d) => d.online) && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('speakTest.noneOnline')} />
          )}
          <ProForm<SpeakTestSendBody>
            form={form}
            layout="horizontal"
            labelCol={{ span: 6 }}
            wrapperCol={{ span: 16 }}
            initialValues={{ mode: 'text', volume: 60, currency: 'CNY', paymentType: 'alipay' }}
            submitter={{
              searchConfig: { submitText: t('speakTest.send') },
              resetButtonProps: { style: { display: 'none' } },
              submitButtonProps: { icon: <SoundOutlined />, 'data-testid': 'speak-test-send' },
              render: (_, dom) => <div style={{ marginLeft: '25%' }}>{dom}</div>,
            }}
            onFinish={async (v) => {
              try {
                const accepted = await sendSpeakTest(toBody(v));
                setJobId(accepted.jobId);
              } catch (err) {
                showServerFieldErrors(form, err);
                return false;
              }
              return true;
            }}
          >
            <ProFormSelect
              name="deviceId"
              label={t('speakTest.fields.device')}
              rules={[requiredSelect()]}
              options={speakerOptions as never}
              fieldProps={
                {
                  loading: speakers.isPending,
                  showSearch: true,
                  optionFilterProp: 'searchText',
                  notFoundContent: t('speakTest.noSpeakers'),
                  'data-testid': 'speak-test-device',
                } as object
              }
            />
            <ProFormRadio.Group
              name="mode"
              label={t('speakTest.fields.mode')}
              radioType="button"
              options={[
                { value: 'text', label: t('speakTest.mode.text') },
                { value: 'amount', label: t('speakTest.mode.amount') },
              ]}
              fieldProps={{ 'data-testid': 'speak-test-mode' } as object}
            />
            {mode === 'text' ? (
              <>
                <ProFormTextArea
                  name="text"
                  label={t('speakTest.fields.text')}
                  rules={[required(), maxLen(OPEN_API.speakTextMax)]}
                  fieldProps={
                    {
                      rows: 3,
                      showCount: true,
                      maxLength: OPEN_API.speakTextMax,
                      'data-testid': 'speak-test-text',
                    } as object
                  }
                />
                <ProFormSlider name="volume" label={t('speakTest.fields.volume')} min={0} max={100} />
              </>
            ) : (
              <>
                <ProFormText
                  name="amount"
                  label={t('speakTest.fields.amount')}
                  rules={[required(), amount()]}
                  fieldProps={
                    { inputMode: 'decimal', placeholder: '12.50', 'data-testid': 'speak-test-amount' } as object
                  }
                />
                <ProFormSelect
                  name="currency"
                  label={t('speakTest.fields.currency')}
                  rules={[requiredSelect()]}
                  options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                />
                <ProFormSelect
                  name="paymentType"
                  label={t('speakTest.fields.paymentType')}
                  rules={[requiredSelect()]}
                  options={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`speakTest.paymentType.${p}`) }))}
                />
                <ProFormSelect
                  name="language"
                  label={t('speakTest.fields.language')}
                  placeholder={t('speakTest.languageDefault')}
                  // named as the server names them everywhere else (trade speak setting and records)
                  options={SPEAK_LANGUAGES.map((l) => ({
                    value: l,
                    label: SPEAK_LANGUAGE_LABELS[l][resolveLocale(i18n.language)],
                  }))}
                  fieldProps={{ allowClear: true }}
                />
              </>
            )}
          </ProForm>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        {job.data ? (
          <JobProgress job={job.data} />
        ) : (
          <Card size="small" title={t('speakTest.progress')}>
            <Alert type="info" message={t('speakTest.idle')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
