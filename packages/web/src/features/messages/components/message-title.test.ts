import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { AlertKind, InAppMessage } from '@herald/contract';
import { resources } from '../../../locales';
import { alertTitle, messageTitle } from './message-title';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en_US: { translation: resources.en_US }, zh_CN: { translation: resources.zh_CN } },
  lng: 'en_US',
  interpolation: { escapeValue: false },
});
const en = i18n.getFixedT('en_US') as TFunction;
const zh = i18n.getFixedT('zh_CN') as TFunction;

const alert = (kind: AlertKind, detail: string | null = null) => ({ kind, sn: 'HP-0042', deviceId: 7, detail });

describe('alertTitle()', () => {
  it.each<[AlertKind, string | null, string, string]>([
    ['outOfPaper', null, 'Printer HP-0042 is out of paper', '打印机 HP-0042 缺纸'],
    ['overheating', null, 'Printer HP-0042 is overheating', '打印机 HP-0042 过热'],
    ['coverOpen', null, 'Printer HP-0042 has its cover open', '打印机 HP-0042 开盖'],
    ['otherException', null, 'Printer HP-0042 reports an exception', '打印机 HP-0042 异常'],
    ['batteryLow', '8%', "Device HP-0042's battery is running out", '设备 HP-0042 电量不足'],
    ['fault', 'cutter jammed', 'Device HP-0042 reports a fault: cutter jammed', '设备 HP-0042 故障：cutter jammed'],
    ['fault', null, 'Device HP-0042 reports a fault', '设备 HP-0042 故障'],
  ])('%s (%j) → %j / %j', (kind, detail, inEnglish, inChinese) => {
    expect(alertTitle(en, alert(kind, detail))).toBe(inEnglish);
    expect(alertTitle(zh, alert(kind, detail))).toBe(inChinese);
  });

  it('keeps markup in an S/N as text (React escapes it when rendering)', () => {
    expect(alertTitle(en, { ...alert('outOfPaper'), sn: '<b>x</b>' })).toBe('Printer <b>x</b> is out of paper');
  });
});

describe('messageTitle()', () => {
  const base: Pick<InAppMessage, 'category' | 'title' | 'alert'> = {
    category: 'system',
    title: 'Maintenance',
    alert: null,
  };

  it("gives a system message its notice's title", () => {
    expect(messageTitle(en, base)).toBe('Maintenance');
  });

  it('words an alert, and falls back to the title when the alert is missing', () => {
    expect(messageTitle(en, { category: 'alert', title: 'HP-0042', alert: alert('coverOpen') })).toBe(
      'Printer HP-0042 has its cover open',
    );
    expect(messageTitle(en, { category: 'alert', title: 'HP-0042', alert: null })).toBe('HP-0042');
  });
});
