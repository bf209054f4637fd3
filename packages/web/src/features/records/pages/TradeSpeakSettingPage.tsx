import { Card, Spin } from 'antd';
import { ProForm, ProFormCheckbox, ProFormSelect, ProFormSlider, ProFormSwitch } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAYMENT_TYPES, TRADE_SPEAK_PREFIXES, VOLUME_PRESETS, type TradeSpeakSettingBody } from '@herald/contract';
import { useCan } from '../../../lib/can';
import { toastSuccess } from '../../../lib/feedback';
import { requiredSelect } from '../../../lib/form-rules';
import { speakLanguagesQuery } from '../../../lib/lookups';
import { saveTradeSpeakSetting, tradeSpeakSettingQuery } from '../api/trade-speak-setting';

const MARKS = Object.fromEntries(VOLUME_PRESETS.map((v) => [v, String(v)]));

/** The account's transaction broadcast setting: on/off, prefix phrase, language, volume, payment types. */
export function TradeSpeakSettingPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const client = useQueryClient();
  const setting = useQuery({ ...tradeSpeakSettingQuery(), staleTime: 0 });
  const languages = useQuery(speakLanguagesQuery(i18n.language));
  if (!setting.data) return <Spin />;
  const f = (k: string) => t(`records.setting.${k}`);

  const save = async (v: TradeSpeakSettingBody) => {
    const saved = await saveTradeSpeakSetting(v);
    client.setQueryData(tradeSpeakSettingQuery().queryKey, saved);
    toastSuccess(t('common.success'));
    return true;
  };

  return (
    <Card title={`${t('menu.tradeSpeak')} · ${t('route.setting')}`} data-testid="trade-speak-setting-form">
      <ProForm<TradeSpeakSettingBody>
        initialValues={setting.data}
        onFinish={save}
        disabled={!can('herald.stat.speak.rec.setting')}
        submitter={{
          searchConfig: { submitText: t('common.save'), resetText: t('common.back') },
          onReset: () => navigate('/business-record/trade-speak'),
        }}
        style={{ maxWidth: 640 }}
      >
        <ProFormSwitch name="enabled" label={f('enabled')} />
        <ProFormSelect
          name="prefix"
          label={f('prefix')}
          rules={[requiredSelect()]}
          options={TRADE_SPEAK_PREFIXES.map((p) => ({ value: p, label: t(`records.setting.prefixes.${p}`) }))}
        />
        <ProFormSelect
          name="language"
          label={f('language')}
          rules={[requiredSelect()]}
          options={languages.data ?? []}
        />
        {/* the device's volume presets; values between them snap to the nearest preset */}
        <ProFormSlider name="volume" label={f('volume')} min={0} max={100} step={null} marks={MARKS} />
        <ProFormCheckbox.Group
          name="paymentTypes"
          label={f('paymentTypes')}
          rules={[{ required: true, message: f('paymentTypesRequired') }]}
          options={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`records.payment.${p}`) }))}
        />
      </ProForm>
    </Card>
  );
}
