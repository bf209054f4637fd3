import { z } from 'zod';
import type { Locale } from '../messages';
import { PAYMENT_TYPES, SPEAK_LANGUAGES, type SpeakLanguage } from '../pipeline';

/**
 * Prefix phrases an account can choose: each becomes, with the payment type, one clip that leads
 * the broadcast ("Alipay received" / "支付宝收款", "Alipay payment arrived" / "支付宝到账").
 */
export const TRADE_SPEAK_PREFIXES = ['received', 'arrived'] as const;
export type TradeSpeakPrefix = (typeof TRADE_SPEAK_PREFIXES)[number];

/** Names of the voice-pack languages in the console's languages (speakLanguageListQuery). */
export const SPEAK_LANGUAGE_LABELS: Record<SpeakLanguage, Record<Locale, string>> = {
  zh_CN: { en_US: 'Mandarin Chinese', zh_CN: '普通话' },
  yue: { en_US: 'Cantonese', zh_CN: '粤语' },
  en_US: { en_US: 'English', zh_CN: '英语' },
  th: { en_US: 'Thai', zh_CN: '泰语' },
  bn: { en_US: 'Bengali', zh_CN: '孟加拉语' },
  es: { en_US: 'Spanish', zh_CN: '西班牙语' },
  pt: { en_US: 'Portuguese', zh_CN: '葡萄牙语' },
  hi: { en_US: 'Hindi', zh_CN: '印地语' },
};

export const TRADE_SPEAK_DEFAULTS = {
  enabled: true,
  prefix: 'received',
  language: 'zh_CN',
  volume: 75,
  paymentTypes: [...PAYMENT_TYPES],
} as const;

const speakLanguage = z.enum(SPEAK_LANGUAGES, { error: 'validation.invalidOption' });

/** POST /v1/trade-speak/setting (the whole setting; duplicates in paymentTypes are dropped). */
export const tradeSpeakSettingBody = z.object({
  enabled: z.boolean({ error: 'validation.invalidOption' }),
  prefix: z.enum(TRADE_SPEAK_PREFIXES, { error: 'validation.invalidOption' }),
  language: speakLanguage,
  volume: z
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .min(0, 'validation.volumeRange')
    .max(100, 'validation.volumeRange'),
  paymentTypes: z
    .array(z.enum(PAYMENT_TYPES, { error: 'validation.invalidOption' }), { error: 'validation.paymentTypesRequired' })
    .min(1, 'validation.paymentTypesRequired')
    .transform((types) => PAYMENT_TYPES.filter((t) => types.includes(t))),
});
export type TradeSpeakSettingBody = z.infer<typeof tradeSpeakSettingBody>;

/** GET /v1/trade-speak/setting: the account's setting, the defaults while it has none (updatedAt null). */
export const tradeSpeakSettingSchema = z.object({
  enabled: z.boolean(),
  prefix: z.enum(TRADE_SPEAK_PREFIXES),
  language: z.enum(SPEAK_LANGUAGES),
  volume: z.number().int(),
  paymentTypes: z.array(z.enum(PAYMENT_TYPES)),
  updatedAt: z.string().nullable(),
});
export type TradeSpeakSetting = z.infer<typeof tradeSpeakSettingSchema>;

/** GET /v1/trade-speak/voice-pack?language= */
export const voicePackQuery = z.object({ language: speakLanguage });
/** One clip of a voice pack: its id (names the audio file) and the words it speaks. */
export const voiceClipSchema = z.object({ clip: z.string(), text: z.string() });
export type VoiceClip = z.infer<typeof voiceClipSchema>;

/** GET /v1/common/speakLanguageListQuery */
export const speakLanguageOptionSchema = z.object({ value: z.enum(SPEAK_LANGUAGES), label: z.string() });
