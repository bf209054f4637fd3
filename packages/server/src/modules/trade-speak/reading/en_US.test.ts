import { describe, expect, it } from 'vitest';
import { composeTradeBroadcast, speakText } from '../compose';
import { amountClips, amountText, cases } from './testing';

describe('English reading', () => {
  it.each(
    cases({
      '1': 'one dollar',
      '0.01': 'one cent',
      '0.05': 'five cents',
      '0.5': 'fifty cents',
      '10.05': 'ten dollars and five cents',
      '12.50': 'twelve dollars and fifty cents',
      '12.5': 'twelve dollars and fifty cents',
      '12.00': 'twelve dollars',
      '13': 'thirteen dollars',
      '19': 'nineteen dollars',
      '21': 'twenty one dollars',
      '40': 'forty dollars',
      '100.00': 'one hundred dollars',
      '105': 'one hundred five dollars',
      '1005': 'one thousand five dollars',
      '10000': 'ten thousand dollars',
      '100000': 'one hundred thousand dollars',
      '1000000': 'one million dollars',
      '1001001': 'one million one thousand one dollars',
      '999999999.99':
        'nine hundred ninety nine million nine hundred ninety nine thousand nine hundred ninety nine dollars and ninety nine cents',
    }),
  )('%s USD → %s', (amount, expected) => {
    expect(amountText('en_US', amount, 'USD')).toBe(expected);
  });

  it('uses each currency’s words', () => {
    expect(amountText('en_US', '12.50', 'CNY')).toBe('twelve yuan and fifty fen');
    expect(amountText('en_US', '1.01', 'INR')).toBe('one rupee and one paisa');
    expect(amountText('en_US', '2.02', 'INR')).toBe('two rupees and two paise');
    expect(amountText('en_US', '3', 'HKD')).toBe('three Hong Kong dollars');
  });

  it('builds compounds from two clips', () => {
    expect(amountClips('en_US', '21.01', 'USD')).toEqual([
      'en_US/word.twenty',
      'en_US/word.one',
      'en_US/cur.USD.majorPlural',
      'en_US/word.and',
      'en_US/word.one',
      'en_US/cur.USD.minor',
    ]);
    const clips = composeTradeBroadcast({
      language: 'en_US',
      amount: '12.5',
      currency: 'USD',
      paymentType: 'alipay',
      prefix: 'received',
    });
    expect(speakText('en_US', clips)).toBe('Alipay received twelve dollars and fifty cents');
  });
});
