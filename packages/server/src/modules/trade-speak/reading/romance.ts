import type { Currency, PaymentType, SpeakLanguage } from '@herald/contract';
import {
  currencyTexts,
  type LanguageReading,
  majorAndMinor,
  mapCurrencies,
  pluralSlots,
  prefixTexts,
  wordClip,
  wordTexts,
} from './core';

/**
 * Spanish and Portuguese read amounts the same way — number words that agree with the currency
 * noun's gender, the noun singular for 1 and plural otherwise, a connector between major and
 * minor units — and differ only in their words. This builds a reading from those words.
 */
export type Gender = 'm' | 'f';
export type Noun = { one: string; many: string; gender: Gender };
export const noun = (one: string, many: string, gender: Gender = 'm'): Noun => ({ one, many, gender });

export type RomanceWords = {
  language: SpeakLanguage;
  /** every number word the reading can produce (each becomes a clip) */
  words: readonly string[];
  /** the number in words, agreeing with a noun of gender g */
  numberWords: (n: number, g: Gender) => string[];
  currencies: Record<Currency, { major: Noun; minor: Noun }>;
  /** "por Alipay", "en efectivo", ... ('' for other) */
  payment: Record<PaymentType, string>;
  /** prefix phrase with the payment words: received / credited */
  received: (payment: string) => string;
  credited: (payment: string) => string;
  /** the word between major and minor units (con / e) */
  connector: string;
};

export function romanceReading(w: RomanceWords): LanguageReading {
  return {
    language: w.language,
    joiner: ' ',
    texts: {
      ...wordTexts([...new Set([...w.words, w.connector])]),
      ...currencyTexts(mapCurrencies(w.currencies, pluralSlots)),
      ...prefixTexts((prefix, type) =>
        prefix === 'received' ? w.received(w.payment[type]) : w.credited(w.payment[type]).trim(),
      ),
    },
    amount: (major, minor, currency) =>
      majorAndMinor(
        major,
        minor,
        currency,
        (n, cur, part) => [
          ...w.numberWords(n, w.currencies[cur][part].gender).map(wordClip),
          `cur.${cur}.${part}${n === 1 ? '' : 'Plural'}`,
        ],
        [wordClip(w.connector)],
      ),
  };
}
