import type { Currency, PaymentType, SpeakLanguage, TradeSpeakPrefix } from '@herald/contract';
import { TRADE_AMOUNT_MAX, TRADE_SPEAK_DEFAULTS, TRADE_SPEAK_PREFIXES } from '@herald/contract';
import { prefixClip } from './reading/core';
import { clipId, clipExists as packHasClip, READINGS } from './voice-pack';

export { speakText, voicePack } from './voice-pack';

/**
 * The clip sequence a speaker plays for a transaction: prefix phrase for the payment type, the
 * amount read out in the language's grammar, the currency word.
 * (Interface fixed here; the reading rules live in ./reading.)
 */
export type TradeBroadcast = {
  language: SpeakLanguage;
  /** decimal string with at most two decimals, e.g. "12.50" */
  amount: string;
  currency: Currency;
  paymentType: PaymentType;
  /** the account's prefix phrase id (trade_speak_settings.prefix) */
  prefix: string;
};

/**
 * "12.50" → { major: 12, minor: 50 }; "12.5" is the same, "12.00" has no minor part. Null for
 * anything that is not > 0, ≤ TRADE_AMOUNT_MAX with at most two decimals. Integer arithmetic on
 * the digits, so no binary fraction ever turns 0.29 into 28 cents.
 */
export function parseTradeAmount(amount: string): { major: number; minor: number } | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) return null;
  const major = Number(m[1]);
  const minor = Number((m[2] ?? '').padEnd(2, '0'));
  const cents = major * 100 + minor;
  if (cents <= 0 || cents > Math.round(TRADE_AMOUNT_MAX * 100)) return null;
  return { major, minor };
}

const knownPrefix = (p: string): TradeSpeakPrefix =>
  (TRADE_SPEAK_PREFIXES as readonly string[]).includes(p) ? (p as TradeSpeakPrefix) : TRADE_SPEAK_DEFAULTS.prefix;

/** Throws a RangeError for an amount the open API would have refused (see parseTradeAmount). */
export function composeTradeBroadcast(t: TradeBroadcast): string[] {
  const parsed = parseTradeAmount(t.amount);
  if (!parsed) throw new RangeError(`trade amount out of range: ${t.amount}`);
  const reading = READINGS[t.language];
  // a prefix stored before the phrase list changed still speaks: it falls back to the default
  const names = [
    prefixClip(knownPrefix(t.prefix), t.paymentType),
    ...reading.amount(parsed.major, parsed.minor, t.currency),
  ];
  return names.map((name) => clipId(t.language, name));
}

/** Does the language's voice pack hold this clip? ('Voice file does not exist' otherwise.) */
export function clipExists(language: SpeakLanguage, clip: string): boolean {
  return packHasClip(language, clip);
}
