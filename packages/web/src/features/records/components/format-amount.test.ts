import { describe, expect, it } from 'vitest';
import { formatAmount } from './format-amount';

describe('formatAmount', () => {
  it('formats with the currency in the console language', () => {
    expect(formatAmount('1234.5', 'USD', 'en_US')).toBe('$1,234.50');
    expect(formatAmount('12.5', 'CNY', 'zh_CN')).toBe('¥12.50');
  });

  it('falls back to the raw text when it cannot format', () => {
    expect(formatAmount('abc', 'USD', 'en_US')).toBe('abc');
    expect(formatAmount('1', 'XX', 'en_US')).toBe('1 XX');
    expect(formatAmount(null, 'USD', 'en_US')).toBe('-');
  });
});
