import type { Currency } from '@herald/contract';
import { type Gender, type Noun, noun, romanceReading } from './romance';

/**
 * Portuguese (Brazilian forms: dezesseis, dezenove, quatorze). "e" joins hundreds, tens and units
 * (cento e vinte e um) and comes before the last group when that group is below 100 or a round
 * hundred (mil e um, mil e cem, um milhão e duzentos mil, but mil duzentos e cinquenta). 1 and 2
 * and the hundreds agree with a feminine noun (duas rupias, duzentas mil rupias); milhão is a
 * masculine noun and takes "de" when nothing follows it (um milhão de reais). 100 alone is "cem".
 */
export type { Gender };

const ONES = [
  'zero',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
];
const TENS = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'];
const HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
];
const FEMININE: Record<string, string> = { um: 'uma', dois: 'duas' };
const OTHERS = ['cem', 'e', 'mil', 'milhão', 'milhões', 'de'];

const gendered = (w: string, g: Gender) => (g === 'f' ? (FEMININE[w] ?? w.replace(/entos$/, 'entas')) : w);

function below1000(n: number, g: Gender): string[] {
  const out: string[] = [];
  const h = Math.floor(n / 100);
  const r = n % 100;
  if (h === 1 && r === 0) out.push('cem');
  else if (h > 0) out.push(gendered(HUNDREDS[h]!, g));
  if (h > 0 && r > 0) out.push('e');
  if (r >= 20) {
    out.push(TENS[Math.floor(r / 10)]!);
    if (r % 10 > 0) out.push('e', gendered(ONES[r % 10]!, g));
  } else if (r > 0) {
    out.push(gendered(ONES[r]!, g));
  }
  return out;
}

/** Words (not clips) of n before a noun of gender g. */
export function portugueseWords(n: number, g: Gender): string[] {
  if (n === 0) return ['zero'];
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor(n / 1000) % 1000;
  const units = n % 1000;
  const parts: string[][] = [];
  if (millions === 1) parts.push(['um', 'milhão']);
  else if (millions > 1) parts.push([...below1000(millions, 'm'), 'milhões']);
  const lastGroup = units > 0 ? units : thousands > 0 ? thousands : millions;
  if (thousands === 1) parts.push(['mil']);
  else if (thousands > 1) parts.push([...below1000(thousands, g), 'mil']);
  if (units > 0) parts.push(below1000(units, g));
  if (parts.length > 1 && (lastGroup < 100 || lastGroup % 100 === 0)) parts[parts.length - 1]!.unshift('e');
  const out = parts.flat();
  if (millions > 0 && n % 1_000_000 === 0) out.push('de');
  return out;
}

const CURRENCY: Record<Currency, { major: Noun; minor: Noun }> = {
  CNY: { major: noun('yuan', 'yuans'), minor: noun('fen', 'fens') },
  HKD: { major: noun('dólar de Hong Kong', 'dólares de Hong Kong'), minor: noun('centavo', 'centavos') },
  USD: { major: noun('dólar', 'dólares'), minor: noun('centavo', 'centavos') },
  THB: { major: noun('baht', 'bahts'), minor: noun('satang', 'satangs') },
  BDT: { major: noun('taka', 'takas'), minor: noun('poisha', 'poishas') },
  EUR: { major: noun('euro', 'euros'), minor: noun('cêntimo', 'cêntimos') },
  MXN: { major: noun('peso', 'pesos'), minor: noun('centavo', 'centavos') },
  BRL: { major: noun('real', 'reais'), minor: noun('centavo', 'centavos') },
  INR: { major: noun('rupia', 'rupias', 'f'), minor: noun('paisa', 'paisas', 'f') },
};

const payment = {
  alipay: 'pelo Alipay',
  wechat: 'pelo WeChat Pay',
  unionpay: 'pelo UnionPay',
  card: 'no cartão',
  cash: 'em dinheiro',
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

export const pt = romanceReading({
  language: 'pt',
  words: allWords,
  numberWords: portugueseWords,
  currencies: CURRENCY,
  payment,
  received: (p) => (p ? `Recebido ${p}` : 'Pagamento recebido'),
  credited: (p) => `Pagamento creditado ${p}`,
  connector: 'e',
});
