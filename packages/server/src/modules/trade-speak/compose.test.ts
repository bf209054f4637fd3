import { CURRENCIES, PAYMENT_TYPES, SPEAK_LANGUAGES, TRADE_SPEAK_PREFIXES } from '@herald/contract';
import { describe, expect, it } from 'vitest';
import { clipExists, composeTradeBroadcast, parseTradeAmount, speakText, voicePack } from './compose';

const SAMPLE = ['0.01', '0.1', '1', '2', '10.05', '11', '21', '99.99', '101', '222', '1001', '20000', '100001'];

describe('trade broadcast composition', () => {
  it('parses amounts with integer arithmetic', () => {
    expect(parseTradeAmount('12.5')).toEqual({ major: 12, minor: 50 });
    expect(parseTradeAmount('12.50')).toEqual({ major: 12, minor: 50 });
    expect(parseTradeAmount('0.29')).toEqual({ major: 0, minor: 29 });
    expect(parseTradeAmount('999999999.99')).toEqual({ major: 999_999_999, minor: 99 });
    for (const bad of ['0', '0.00', '-1', '1.234', '1e3', '', ' ', '1,000', '1000000000', 'abc', '.5']) {
      expect(parseTradeAmount(bad)).toBeNull();
    }
    expect(() =>
      composeTradeBroadcast({
        language: 'en_US',
        amount: '0',
        currency: 'USD',
        paymentType: 'cash',
        prefix: 'received',
      }),
    ).toThrow(RangeError);
  });

  it('uses only clips of the language pack, in every language, currency and payment type', () => {
    for (const language of SPEAK_LANGUAGES) {
      for (const currency of CURRENCIES) {
        for (const amount of [...SAMPLE, '999999999.99', '12345678.9']) {
          for (const paymentType of PAYMENT_TYPES) {
            for (const prefix of TRADE_SPEAK_PREFIXES) {
              const clips = composeTradeBroadcast({ language, amount, currency, paymentType, prefix });
              const missing = clips.filter((c) => !clipExists(language, c));
              expect(missing, `${language} ${amount} ${currency}`).toEqual([]);
            }
          }
        }
      }
    }
  });

  it('publishes a manifest of unique ASCII ids with non-empty texts', () => {
    for (const language of SPEAK_LANGUAGES) {
      const pack = voicePack(language);
      const ids = pack.map((c) => c.clip);
      expect(new Set(ids).size).toBe(ids.length);
      for (const { clip, text } of pack) {
        expect(clip).toMatch(new RegExp(`^${language}/[A-Za-z0-9_.]+$`));
        expect(text.trim()).not.toBe('');
      }
    }
  });

  it('does not take another language’s clips', () => {
    expect(clipExists('zh_CN', 'zh_CN/num.1')).toBe(true);
    expect(clipExists('yue', 'zh_CN/num.1')).toBe(false);
    expect(clipExists('zh_CN', 'zh_CN/nope')).toBe(false);
    expect(clipExists('zh_CN', 'zh_CN/toString')).toBe(false);
    expect(speakText('en_US', ['en_US/word.one', 'en_US/nope'])).toBe('one [en_US/nope]');
  });

  it('falls back to the default prefix phrase for an unknown one', () => {
    const clips = composeTradeBroadcast({
      language: 'en_US',
      amount: '1',
      currency: 'USD',
      paymentType: 'wechat',
      prefix: 'gone',
    });
    expect(speakText('en_US', clips)).toBe('WeChat Pay received one dollar');
  });
});
