import type { Currency } from '@herald/contract';

/**
 * Bengali and Hindi: 0–99 are separate words (a table of 100 per language, num.0 … num.99), then
 * hundred, thousand, lakh (10^5) and crore (10^7) in Indian grouping: 12,34,56,789 is
 * 12 crore 34 lakh 56 thousand 7 hundred 89. A crore count above 99 is read the same way.
 */
export type IndianUnits = { hundred: string; thousand: string; lakh: string; crore: string };

export function readIndian(n: number, u: IndianUnits): string[] {
  if (n === 0) return ['num.0'];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor(n / 100_000) % 100;
  const thousand = Math.floor(n / 1000) % 100;
  const hundred = Math.floor(n / 100) % 10;
  const rest = n % 100;
  const out: string[] = [];
  if (crore > 0) out.push(...readIndian(crore, u), u.crore);
  if (lakh > 0) out.push(`num.${lakh}`, u.lakh);
  if (thousand > 0) out.push(`num.${thousand}`, u.thousand);
  if (hundred > 0) out.push(`num.${hundred}`, u.hundred);
  if (rest > 0) out.push(`num.${rest}`);
  return out;
}

/**
 * "X <major> Y <minor>". A word with a separate plural clip (Hindi रुपये/पैसे) takes the
 * singular after 1; the others have one clip.
 */
export function readIndianAmount(
  major: number,
  minor: number,
  currency: Currency,
  u: IndianUnits,
  texts: Readonly<Record<string, string>>,
): string[] {
  const word = (n: number, part: 'major' | 'minor') => {
    const plural = `cur.${currency}.${part}Plural`;
    return n !== 1 && plural in texts ? plural : `cur.${currency}.${part}`;
  };
  return [
    ...(major > 0 ? [...readIndian(major, u), word(major, 'major')] : []),
    ...(minor > 0 ? [...readIndian(minor, u), word(minor, 'minor')] : []),
  ];
}

/** Currency words that do not change after 1. */
export const invariant = (major: string, minor: string) => ({ major, minor });
