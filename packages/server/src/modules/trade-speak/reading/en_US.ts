import type { Currency } from '@herald/contract';
import { currencyTexts, groupsOf, type LanguageReading, majorAndMinor, prefixTexts } from './core';

/**
 * American English: no "and" inside a number (one hundred five), "and" only between the major and
 * the minor amount; compounds are two clips (twenty + one) so no hyphenated recordings are needed.
 */
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion'];

const word = (w: string) => `word.${w}`;

function below1000(n: number): string[] {
  const out: string[] = [];
  const h = Math.floor(n / 100);
  const r = n % 100;
  if (h > 0) out.push(word(ONES[h]!), word('hundred'));
  if (r >= 20) {
    out.push(word(TENS[Math.floor(r / 10)]!));
    if (r % 10 > 0) out.push(word(ONES[r % 10]!));
  } else if (r > 0) {
    out.push(word(ONES[r]!));
  }
  return out;
}

export function readEnglish(n: number): string[] {
  if (n === 0) return [word('zero')];
  const groups = groupsOf(n, 3);
  return groups.flatMap((g, i) => {
    const scale = SCALES[groups.length - 1 - i]!;
    if (g === 0) return [];
    return [...below1000(g), ...(scale ? [word(scale)] : [])];
  });
}

type Words = { major: string; majorPlural: string; minor: string; minorPlural: string };
const w = (major: string, majorPlural: string, minor: string, minorPlural: string): Words => ({
  major,
  majorPlural,
  minor,
  minorPlural,
});
const CURRENCY: Record<Currency, Words> = {
  CNY: w('yuan', 'yuan', 'fen', 'fen'),
  HKD: w('Hong Kong dollar', 'Hong Kong dollars', 'cent', 'cents'),
  USD: w('dollar', 'dollars', 'cent', 'cents'),
  THB: w('baht', 'baht', 'satang', 'satang'),
  BDT: w('taka', 'taka', 'poisha', 'poisha'),
  EUR: w('euro', 'euros', 'cent', 'cents'),
  MXN: w('peso', 'pesos', 'centavo', 'centavos'),
  BRL: w('real', 'reais', 'centavo', 'centavos'),
  INR: w('rupee', 'rupees', 'paisa', 'paise'),
};

const payment = {
  alipay: 'Alipay',
  wechat: 'WeChat Pay',
  unionpay: 'UnionPay',
  card: 'Card payment',
  cash: 'Cash',
  other: 'Payment',
};

export const en_US: LanguageReading = {
  language: 'en_US',
  joiner: ' ',
  texts: {
    ...Object.fromEntries(
      [...ONES, ...TENS.filter(Boolean), 'hundred', ...SCALES.filter(Boolean), 'and'].map((x) => [word(x), x]),
    ),
    ...currencyTexts(CURRENCY),
    ...prefixTexts((prefix, type) => `${payment[type]} ${prefix === 'received' ? 'received' : 'arrived'}`),
  },
  amount: (major, minor, currency) =>
    majorAndMinor(
      major,
      minor,
      currency,
      (n, cur, part) => [...readEnglish(n), `cur.${cur}.${part}${n === 1 ? '' : 'Plural'}`],
      [word('and')],
    ),
};
