import { describe, expect, it } from 'vitest';
import { composeTradeBroadcast, speakText } from '../compose';
import { amountClips, amountText, cases } from './testing';

describe('Hindi reading', () => {
  it.each(
    cases({
      '1': 'एक रुपया',
      '2': 'दो रुपये',
      '15': 'पंद्रह रुपये',
      '45': 'पैंतालीस रुपये',
      '79': 'उन्यासी रुपये',
      '89': 'नवासी रुपये',
      '100': 'एक सौ रुपये',
      '105': 'एक सौ पाँच रुपये',
      '1005': 'एक हज़ार पाँच रुपये',
      '10000': 'दस हज़ार रुपये',
      '100000': 'एक लाख रुपये',
      '1000000': 'दस लाख रुपये',
      '10000000': 'एक करोड़ रुपये',
      '12345678': 'एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर रुपये',
      '0.01': 'एक पैसा',
      '0.05': 'पाँच पैसे',
      '0.5': 'पचास पैसे',
      '10.05': 'दस रुपये पाँच पैसे',
      '12.50': 'बारह रुपये पचास पैसे',
      '100.00': 'एक सौ रुपये',
      '999999999.99': 'निन्यानवे करोड़ निन्यानवे लाख निन्यानवे हज़ार नौ सौ निन्यानवे रुपये निन्यानवे पैसे',
    }),
  )('%s INR → %s', (amount, expected) => {
    expect(amountText('hi', amount, 'INR')).toBe(expected);
  });

  it('has crore clips and the prefix phrase', () => {
    expect(amountClips('hi', '20000000', 'INR')).toEqual(['hi/num.2', 'hi/unit.crore', 'hi/cur.INR.majorPlural']);
    const clips = composeTradeBroadcast({
      language: 'hi',
      amount: '1',
      currency: 'USD',
      paymentType: 'card',
      prefix: 'received',
    });
    expect(speakText('hi', clips)).toBe('कार्ड से भुगतान प्राप्त एक डॉलर');
  });
});
