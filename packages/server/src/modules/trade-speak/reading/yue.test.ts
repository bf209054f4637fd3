import { describe, expect, it } from 'vitest';
import { composeTradeBroadcast, speakText } from '../compose';
import { amountClips, amountText, cases } from './testing';

describe('Cantonese reading', () => {
  it.each(
    cases({
      '1': '一港元',
      '10': '十港元',
      '11': '十一港元',
      '20': '二十港元',
      '21': '二十一港元',
      '105': '一百零五港元',
      '200': '兩百港元',
      '1005': '一千零五港元',
      '2200': '兩千二百港元',
      '10000': '一萬港元',
      '10050': '一萬零五十港元',
      '20000': '兩萬港元',
      '100000': '十萬港元',
      '100001': '十萬零一港元',
      '1000000': '一百萬港元',
      '100000005': '一億零五港元',
      '0.05': '五仙',
      '0.5': '五毫',
      '10.05': '十港元零五仙',
      '12.50': '十二港元五毫',
      '12.00': '十二港元',
      '100.00': '一百港元',
      '999999999.99': '九億九千九百九十九萬九千九百九十九港元九毫九仙',
    }),
  )('%s HKD → %s', (amount, expected) => {
    expect(amountText('yue', amount, 'HKD')).toBe(expected);
  });

  it('reads renminbi in 元/角/分 and US dollars in 美元/美仙', () => {
    expect(amountText('yue', '12.5', 'CNY')).toBe('十二元五角');
    expect(amountText('yue', '10.05', 'CNY')).toBe('十元零五分');
    expect(amountText('yue', '3.20', 'USD')).toBe('三美元二十美仙');
  });

  it('has its own clips, not the Mandarin ones', () => {
    expect(amountClips('yue', '20000', 'HKD')).toEqual(['yue/num.loeng', 'yue/unit.maan', 'yue/cur.HKD.major']);
    const clips = composeTradeBroadcast({
      language: 'yue',
      amount: '8',
      currency: 'HKD',
      paymentType: 'cash',
      prefix: 'received',
    });
    expect(speakText('yue', clips)).toBe('現金收款八港元');
  });
});
