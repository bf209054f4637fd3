import { currencyTexts, indexed, type LanguageReading, prefixTexts } from './core';
import { type ChineseClips, readChineseAmount } from './chinese';

/**
 * Cantonese (traditional characters, its own recordings). Same number system and rules as
 * Mandarin (./chinese.ts): the standard readings 二十/三十 rather than the spoken 廿/卅, and
 * 兩 for a leading 2 before 百/千/萬/億. Hong Kong dollars go in 毫 and 仙.
 */
const clips: ChineseClips = {
  digit: (d) => `num.${d}`,
  two: 'num.loeng',
  shi: 'unit.sap',
  bai: 'unit.baak',
  qian: 'unit.cin',
  wan: 'unit.maan',
  yi: 'unit.jik',
  ling: 'num.0',
};

const payment = { alipay: '支付寶', wechat: '微信', unionpay: '銀聯', card: '刷卡', cash: '現金', other: '' };

export const yue: LanguageReading = {
  language: 'yue',
  joiner: '',
  texts: {
    ...indexed('num', ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九']),
    'num.loeng': '兩',
    'unit.sap': '十',
    'unit.baak': '百',
    'unit.cin': '千',
    'unit.maan': '萬',
    'unit.jik': '億',
    ...currencyTexts({
      CNY: { major: '元', tenth: '角', hundredth: '分' },
      HKD: { major: '港元', tenth: '毫', hundredth: '仙' },
      USD: { major: '美元', minor: '美仙' },
      THB: { major: '泰銖', minor: '薩當' },
      BDT: { major: '塔卡', minor: '波沙' },
      EUR: { major: '歐元', minor: '歐仙' },
      MXN: { major: '墨西哥披索', minor: '仙' },
      BRL: { major: '雷亞爾', minor: '仙' },
      INR: { major: '盧比', minor: '派沙' },
    }),
    ...prefixTexts((prefix, type) => payment[type] + (prefix === 'received' ? '收款' : '到賬')),
  },
  amount: (major, minor, currency) => readChineseAmount(major, minor, currency, clips, ['CNY', 'HKD']),
};
