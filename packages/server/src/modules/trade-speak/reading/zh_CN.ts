import { currencyTexts, indexed, type LanguageReading, prefixTexts } from './core';
import { type ChineseClips, readChineseAmount } from './chinese';

/** Mandarin (simplified characters). Rules in ./chinese.ts. */
const clips: ChineseClips = {
  digit: (d) => `num.${d}`,
  two: 'num.liang',
  shi: 'unit.shi',
  bai: 'unit.bai',
  qian: 'unit.qian',
  wan: 'unit.wan',
  yi: 'unit.yi',
  ling: 'num.0',
};

const payment = { alipay: '支付宝', wechat: '微信', unionpay: '银联', card: '刷卡', cash: '现金', other: '' };

export const zh_CN: LanguageReading = {
  language: 'zh_CN',
  joiner: '',
  texts: {
    ...indexed('num', ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九']),
    'num.liang': '两',
    'unit.shi': '十',
    'unit.bai': '百',
    'unit.qian': '千',
    'unit.wan': '万',
    'unit.yi': '亿',
    ...currencyTexts({
      CNY: { major: '元', tenth: '角', hundredth: '分' },
      HKD: { major: '港元', tenth: '角', hundredth: '分' },
      USD: { major: '美元', minor: '美分' },
      THB: { major: '泰铢', minor: '萨当' },
      BDT: { major: '塔卡', minor: '波沙' },
      EUR: { major: '欧元', minor: '欧分' },
      MXN: { major: '墨西哥比索', minor: '分' },
      BRL: { major: '雷亚尔', minor: '分' },
      INR: { major: '卢比', minor: '派萨' },
    }),
    ...prefixTexts((prefix, type) => payment[type] + (prefix === 'received' ? '收款' : '到账')),
  },
  amount: (major, minor, currency) => readChineseAmount(major, minor, currency, clips, ['CNY', 'HKD']),
};
