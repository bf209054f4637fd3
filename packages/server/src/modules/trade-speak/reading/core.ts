import type { Currency, PaymentType, SpeakLanguage } from '@herald/contract';
import { TRADE_SPEAK_PREFIXES, type TradeSpeakPrefix } from '@herald/contract';

/**
 * What one language contributes to transaction broadcast: the clips of its voice pack (name → the
 * text the clip speaks) and the rules that turn an amount into clip names. Clip ids seen outside
 * are `<language>/<name>`; names here are the part after the slash.
 */
export interface LanguageReading {
  language: SpeakLanguage;
  /** how clip texts are joined when written out: '' for scripts without spaces between words */
  joiner: string;
  texts: Readonly<Record<string, string>>;
  /** major units (0..999 999 999) and minor units (0..99, hundredths) → clip names */
  amount(major: number, minor: number, currency: Currency): string[];
}

/** The prefix clip name for an account's prefix phrase and a payment type. */
export const prefixClip = (prefix: TradeSpeakPrefix, paymentType: PaymentType) => `prefix.${prefix}.${paymentType}`;

/** Prefix clip texts of a language from its phrase for each (prefix, payment type). */
export function prefixTexts(phrase: (prefix: TradeSpeakPrefix, type: PaymentType) => string) {
  const out: Record<string, string> = {};
  for (const prefix of TRADE_SPEAK_PREFIXES) {
    for (const type of PAYMENT_TYPE_LIST) out[prefixClip(prefix, type)] = phrase(prefix, type);
  }
  return out;
}
const PAYMENT_TYPE_LIST: PaymentType[] = ['alipay', 'wechat', 'unionpay', 'card', 'cash', 'other'];

/** Clip names `<kind>.<i>` → texts from a list indexed by number (num.0 … num.99). */
export const indexed = (kind: string, words: readonly string[]) =>
  Object.fromEntries(words.map((w, i) => [`${kind}.${i}`, w]));

/** Currency word clips: `cur.<CUR>.<slot>` → text, from a per-currency table. */
export function currencyTexts(table: Record<Currency, Readonly<Record<string, string>>>) {
  const out: Record<string, string> = {};
  for (const [cur, words] of Object.entries(table)) {
    for (const [slot, text] of Object.entries(words)) out[`cur.${cur}.${slot}`] = text;
  }
  return out;
}

/**
 * "X <major> and Y <minor>" languages: each part is read only when it is not zero, the
 * connector only when both are. `read(n, cur, part)` gives the number and its currency word.
 */
export function majorAndMinor(
  major: number,
  minor: number,
  currency: Currency,
  read: (n: number, currency: Currency, part: 'major' | 'minor') => string[],
  connector: string[],
): string[] {
  const out: string[] = [];
  if (major > 0) out.push(...read(major, currency, 'major'));
  if (major > 0 && minor > 0) out.push(...connector);
  if (minor > 0) out.push(...read(minor, currency, 'minor'));
  return out;
}

/** Digits of n from the most significant, grouped in threes: 1234567 → [1, 234, 567]. */
export function groupsOf(n: number, size: number): number[] {
  const base = 10 ** size;
  const out: number[] = [];
  do {
    out.unshift(n % base);
    n = Math.floor(n / base);
  } while (n > 0);
  return out;
}

/** A clip name for a word, ASCII only (veintiún → word.veintiun, milhões → word.milhoes). */
export const wordClip = (text: string) =>
  `word.${text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')}`;

/** Clip name → text for a list of words whose clip names come from wordClip. */
export const wordTexts = (words: readonly string[]) => Object.fromEntries(words.map((w) => [wordClip(w), w]));

/** The same table with each currency's entry transformed. */
export const mapCurrencies = <A, B>(table: Record<Currency, A>, f: (a: A) => B) =>
  Object.fromEntries(Object.entries(table).map(([c, a]) => [c, f(a as A)])) as Record<Currency, B>;

/** Words of nouns with a plural: `major`, `majorPlural`, `minor`, `minorPlural`. */
export const pluralSlots = ({
  major,
  minor,
}: {
  major: { one: string; many: string };
  minor: { one: string; many: string };
}) => ({
  major: major.one,
  majorPlural: major.many,
  minor: minor.one,
  minorPlural: minor.many,
});
