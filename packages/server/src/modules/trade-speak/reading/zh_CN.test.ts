import { describe, expect, it } from 'vitest';
import { composeTradeBroadcast, speakText } from '../compose';
import { amountClips, amountText, cases } from './testing';

describe('Mandarin reading', () => {
  it.each(
    cases({
      '1': '一元',
      '2': '二元',
      '10': '十元',
      '11': '十一元',
      '15': '十五元',
      '20': '二十元',
      '22': '二十二元',
      '100': '一百元',
      '105': '一百零五元',
      '110': '一百一十元',
      '200': '两百元',
      '222': '两百二十二元',
      '1005': '一千零五元',
      '1010': '一千零一十元',
      '2200': '两千二百元',
      '10000': '一万元',
      '10050': '一万零五十元',
      '20000': '两万元',
      '100000': '十万元',
      '100001': '十万零一元',
      '101000': '十万一千元',
      '220000': '二十二万元',
      '1000000': '一百万元',
      '10010000': '一千零一万元',
      '100000005': '一亿零五元',
      '100010000': '一亿零一万元',
      '200000000': '两亿元',
      '0.05': '五分',
      '0.5': '五角',
      '0.15': '一角五分',
      '10.05': '十元零五分',
      '12.05': '十二元零五分',
      '12.50': '十二元五角',
      '12.5': '十二元五角',
      '12.00': '十二元',
      '100.00': '一百元',
      '999999999.99': '九亿九千九百九十九万九千九百九十九元九角九分',
    }),
  )('%s CNY → %s', (amount, expected) => {
    expect(amountText('zh_CN', amount, 'CNY')).toBe(expected);
  });

  it('reads other currencies with their hundredths as a number', () => {
    expect(amountText('zh_CN', '12.50', 'USD')).toBe('十二美元五十美分');
    expect(amountText('zh_CN', '0.05', 'EUR')).toBe('五欧分');
    expect(amountText('zh_CN', '12.50', 'HKD')).toBe('十二港元五角');
  });

  it('composes prefix and amount clips', () => {
    const clips = composeTradeBroadcast({
      language: 'zh_CN',
      amount: '12.50',
      currency: 'CNY',
      paymentType: 'alipay',
      prefix: 'received',
    });
    expect(clips).toEqual([
      'zh_CN/prefix.received.alipay',
      'zh_CN/unit.shi',
      'zh_CN/num.2',
      'zh_CN/cur.CNY.major',
      'zh_CN/num.5',
      'zh_CN/cur.CNY.tenth',
    ]);
    expect(speakText('zh_CN', clips)).toBe('支付宝收款十二元五角');
    expect(amountClips('zh_CN', '200', 'CNY')).toEqual(['zh_CN/num.liang', 'zh_CN/unit.bai', 'zh_CN/cur.CNY.major']);
  });

  it('speaks the arrived prefix', () => {
    const clips = composeTradeBroadcast({
      language: 'zh_CN',
      amount: '3',
      currency: 'CNY',
      paymentType: 'wechat',
      prefix: 'arrived',
    });
    expect(speakText('zh_CN', clips)).toBe('微信到账三元');
  });
});
