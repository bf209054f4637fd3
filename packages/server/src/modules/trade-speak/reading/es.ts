import type { Currency } from '@herald/contract';
import { type Gender, type Noun, noun, romanceReading } from './romance';

/**
 * Spanish. A number in an amount always stands before a noun, so 1 is "un"/"una" (apocope:
 * un dólar, veintiún dólares, treinta y un mil) and hundreds agree with a feminine noun
 * (doscientas rupias); millón is a masculine noun itself (un millón, doscientos millones de rupias)
 * and takes "de" when nothing follows it (un millón de dólares). 100 alone is "cien" (cien mil).
 */
export type { Gender };

const ONES = [
  'cero',
  'un',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiún',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];
const FEMININE: Record<string, string> = { un: 'una', veintiún: 'veintiuna' };
const OTHERS = ['cien', 'y', 'mil', 'millón', 'millones', 'de', 'con'];

const gendered = (w: string, g: Gender) => (g === 'f' ? (FEMININE[w] ?? w.replace(/ientos$/, 'ientas')) : w);

function below1000(n: number, g: Gender): string[] {
  const out: string[] = [];
  const h = Math.floor(n / 100);
  const r = n % 100;
  if (h === 1 && r === 0) out.push('cien');
  else if (h > 0) out.push(gendered(HUNDREDS[h]!, g));
  if (r >= 30) {
    out.push(TENS[Math.floor(r / 10)]!);
    if (r % 10 > 0) out.push('y', gendered(ONES[r % 10]!, g));
  } else if (r > 0) {
    out.push(gendered(ONES[r]!, g));
  }
  return out;
}

/** Words (not clips) of n before a noun of gender g. */
export function spanishWords(n: number, g: Gender): string[] {
  if (n === 0) return ['cero'];
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor(n / 1000) % 1000;
  const units = n % 1000;
  const out: string[] = [];
  if (millions === 1) out.push('un', 'millón');
  else if (millions > 1) out.push(...below1000(millions, 'm'), 'millones');
  if (thousands === 1) out.push('mil');
  else if (thousands > 1) out.push(...below1000(thousands, g), 'mil');
  out.push(...below1000(units, g));
  if (millions > 0 && n % 1_000_000 === 0) out.push('de');
  return out;
}

const CURRENCY: Record<Currency, { major: Noun; minor: Noun }> = {
  CNY: { major: noun('yuan', 'yuanes'), minor: noun('fen', 'fenes') },
  HKD: { major: noun('dólar de Hong Kong', 'dólares de Hong Kong'), minor: noun('centavo', 'centavos') },
  USD: { major: noun('dólar', 'dólares'), minor: noun('centavo', 'centavos') },
  THB: { major: noun('bat', 'bats'), minor: noun('satang', 'satangs') },
  BDT: { major: noun('taka', 'takas'), minor: noun('poisha', 'poishas') },
  EUR: { major: noun('euro', 'euros'), minor: noun('céntimo', 'céntimos') },
  MXN: { major: noun('peso', 'pesos'), minor: noun('centavo', 'centavos') },
  BRL: { major: noun('real', 'reales'), minor: noun('centavo', 'centavos') },
  INR: { major: noun('rupia', 'rupias', 'f'), minor: noun('paisa', 'paisas', 'f') },
};

const payment = {
  alipay: 'por Alipay',
  wechat: 'por WeChat Pay',
  unionpay: 'por UnionPay',
  card: 'con tarjeta',
  cash: 'en efectivo',
  other: '',
};

const allWords = [
  ...ONES,
  ...TENS.filter(Boolean),
  ...HUNDREDS.filter(Boolean),
  ...HUNDREDS.filter(Boolean).map((h) => gendered(h, 'f')),
  ...Object.values(FEMININE),
  ...OTHERS,
];

export const es = romanceReading({
  language: 'es',
  words: allWords,
  numberWords: spanishWords,
  currencies: CURRENCY,
  payment,
  received: (p) => (p ? `Recibido ${p}` : 'Pago recibido'),
  credited: (p) => `Pago acreditado ${p}`,
  connector: 'con',
});
