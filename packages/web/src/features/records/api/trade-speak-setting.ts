import type { TradeSpeakSetting, TradeSpeakSettingBody } from '@herald/contract';
import { get, post } from '../../../lib/http';

export const tradeSpeakSettingQuery = () => ({
  queryKey: ['trade-speak', 'setting'] as const,
  queryFn: () => get<TradeSpeakSetting>('/v1/trade-speak/setting'),
});

export const saveTradeSpeakSetting = (body: TradeSpeakSettingBody) =>
  post<TradeSpeakSetting>('/v1/trade-speak/setting', body);
