import { tradeSpeakApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { TradeSpeakSettingBody } from '@herald/contract';

export const tradeSpeakSettingQuery = () => ({
  queryKey: ['trade-speak', 'setting'] as const,
  queryFn: () => call(tradeSpeakApi.setting),
});

export const saveTradeSpeakSetting = (body: TradeSpeakSettingBody) => call(tradeSpeakApi.saveSetting, { body });
