import type { Currency } from '@herald/contract';

/**
 * Mandarin and Cantonese read numbers with the same system (十/百/千 inside groups of four digits,
 * 万/亿 between groups), so they share this; each has its own clips and words.
 *
 * Rules (docs/decisions.md, "Trade speak"):
 * - a run of zeros between spoken digits is read as one 零, also across 万/亿 (一千零五, 一万零五十,
 *   十万零一, 一亿零五); trailing zeros are silent;
 * - a leading 1 before 十 is dropped (十, 十五, 十万), inside a number it is said (一百一十);
 * - 两 replaces 二 only for the first digit spoken when 百, 千, 万 or 亿 follows it (两百, 两千,
 *   两万, 两亿, 两千二百); everywhere else 二 (二, 二十, 十二, 一百二十二, 二十二万, 二元, 二角).
 */
export type ChineseClips = {
  /** clip names of the digits 0..9 */
  digit: (d: number) => string;
  two: string;
  shi: string;
  bai: string;
  qian: string;
  wan: string;
  yi: string;
  ling: string;
};

/** Chinese clip names for the integer n (0 < n < 10^12). */
export function readChinese(n: number, c: ChineseClips): string[] {
  const digits = String(n).split('').map(Number);
  const out: string[] = [];
  const inGroup = [null, c.shi, c.bai, c.qian] as const;
  let zeroPending = false;
  for (let i = 0; i < digits.length; i++) {
    const d = digits[i]!;
    const pos = digits.length - 1 - i;
    const first = out.length === 0;
    if (d === 0) {
      zeroPending = true;
    } else {
      if (zeroPending && !first) out.push(c.ling);
      zeroPending = false;
      const unit = inGroup[pos % 4];
      if (d === 1 && first && pos % 4 === 1) {
        // 十, 十五, 十万: the leading 一 is not said
      } else if (d === 2 && first && (pos % 4 >= 2 || (pos % 4 === 0 && pos >= 4))) {
        out.push(c.two);
      } else {
        out.push(c.digit(d));
      }
      if (unit) out.push(unit);
    }
    // the 万/亿 after a group that has a spoken digit
    if (pos > 0 && pos % 4 === 0) {
      const group = digits.slice(Math.max(0, i - 3), i + 1);
      if (group.some((g) => g !== 0)) {
        out.push(pos % 8 === 0 ? c.yi : c.wan);
        // zeros at the end of a group are silent (十万一千); zeros after 万/亿 still count (一亿零五)
        zeroPending = false;
      }
    }
  }
  return out;
}

/**
 * Currencies with tenth units (元/角/分 and 元/毫/仙): 十二元五角, 五分, 十元零五分, 十二元零五分.
 * Others: the major amount and the hundredths as a number, 十二美元五十美分.
 */
export function readChineseAmount(
  major: number,
  minor: number,
  currency: Currency,
  c: ChineseClips,
  tenthCurrencies: readonly Currency[],
): string[] {
  const out: string[] = [];
  const cur = (slot: string) => `cur.${currency}.${slot}`;
  if (major > 0) out.push(...readChinese(major, c), cur('major'));
  if (tenthCurrencies.includes(currency)) {
    const tenth = Math.floor(minor / 10);
    const hundredth = minor % 10;
    if (tenth > 0) out.push(c.digit(tenth), cur('tenth'));
    if (hundredth > 0) {
      if (tenth === 0 && major > 0) out.push(c.ling);
      out.push(c.digit(hundredth), cur('hundredth'));
    }
  } else if (minor > 0) {
    out.push(...readChinese(minor, c), cur('minor'));
  }
  return out;
}
