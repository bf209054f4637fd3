import type { Currency } from '@herald/contract';
import { currencyTexts, indexed, type LanguageReading, prefixTexts } from './core';

/**
 * Thai: digits with place words สิบ ร้อย พัน หมื่น แสน, and ล้าน after the millions read the same
 * way (สิบเอ็ดล้าน). A 1 in the tens place is just สิบ, a 2 there is ยี่ (ยี่สิบ). A 1 in the units
 * place is เอ็ด whenever a higher place is said before it, in its group or above it (สิบเอ็ด,
 * หนึ่งร้อยเอ็ด, หนึ่งพันเอ็ด, หนึ่งล้านเอ็ด, ห้าร้อยเอ็ดล้าน), and หนึ่ง only when it is the whole number
 * (or the whole millions count: หนึ่งล้าน). This is the Royal Institute's rule, also followed by
 * thai-baht-text and n2words; the everyday หนึ่งร้อยหนึ่ง is not used. Leading ones are said
 * (หนึ่งร้อย, หนึ่งพัน, หนึ่งล้าน); zeros are silent. Satang follow baht without a connector.
 */
const PLACES = ['', 'unit.sip', 'unit.roi', 'unit.phan', 'unit.muen', 'unit.saen'];

/** Below one million; `afterHigher` when millions were said before it. */
function below1e6(n: number, afterHigher: boolean): string[] {
  const digits = String(n).split('').map(Number);
  const out: string[] = [];
  digits.forEach((d, i) => {
    const pos = digits.length - 1 - i;
    if (d === 0) return;
    if (pos === 1) {
      if (d === 2) out.push('num.yi');
      else if (d !== 1) out.push(`num.${d}`);
      out.push('unit.sip');
    } else if (pos === 0) {
      out.push(d === 1 && (digits.length > 1 || afterHigher) ? 'num.et' : `num.${d}`);
    } else {
      out.push(`num.${d}`, PLACES[pos]!);
    }
  });
  return out;
}

export function readThai(n: number): string[] {
  if (n === 0) return ['num.0'];
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  return [
    ...(millions > 0 ? [...readThai(millions), 'unit.lan'] : []),
    ...(rest > 0 ? below1e6(rest, millions > 0) : []),
  ];
}

/** How the money came in, after ได้รับเงิน / เงินเข้า. */
const via = {
  alipay: 'ผ่าน Alipay',
  wechat: 'ผ่าน WeChat Pay',
  unionpay: 'ผ่าน UnionPay',
  card: 'ผ่านบัตร',
  cash: 'เป็นเงินสด',
  other: '',
};

const CURRENCY: Record<Currency, { major: string; minor: string }> = {
  CNY: { major: 'หยวน', minor: 'เฟิน' },
  HKD: { major: 'ดอลลาร์ฮ่องกง', minor: 'เซนต์' },
  USD: { major: 'ดอลลาร์สหรัฐ', minor: 'เซนต์' },
  THB: { major: 'บาท', minor: 'สตางค์' },
  BDT: { major: 'ตากา', minor: 'ปัยซา' },
  EUR: { major: 'ยูโร', minor: 'เซนต์' },
  MXN: { major: 'เปโซ', minor: 'เซนตาโว' },
  BRL: { major: 'เรียล', minor: 'เซนตาโว' },
  INR: { major: 'รูปี', minor: 'ไปซา' },
};

export const th: LanguageReading = {
  language: 'th',
  joiner: '',
  texts: {
    ...indexed('num', ['ศูนย์', 'หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า']),
    'num.et': 'เอ็ด',
    'num.yi': 'ยี่',
    'unit.sip': 'สิบ',
    'unit.roi': 'ร้อย',
    'unit.phan': 'พัน',
    'unit.muen': 'หมื่น',
    'unit.saen': 'แสน',
    'unit.lan': 'ล้าน',
    ...currencyTexts(CURRENCY),
    ...prefixTexts((prefix, type) => (prefix === 'received' ? 'ได้รับเงิน' : 'เงินเข้า') + via[type]),
  },
  amount: (major, minor, currency) => [
    ...(major > 0 ? [...readThai(major), `cur.${currency}.major`] : []),
    ...(minor > 0 ? [...readThai(minor), `cur.${currency}.minor`] : []),
  ],
};
