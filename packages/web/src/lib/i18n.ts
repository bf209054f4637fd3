import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Locale } from '@herald/contract';
import { resources } from '../locales';
import { initialLocale, saveLocale } from './locale';

void i18n.use(initReactI18next).init({
  resources: { en_US: { translation: resources.en_US }, zh_CN: { translation: resources.zh_CN } },
  lng: initialLocale(),
  fallbackLng: 'en_US',
  interpolation: { escapeValue: false },
  returnNull: false,
});
dayjs.locale(i18n.language === 'zh_CN' ? 'zh-cn' : 'en');

export function currentLocale(): Locale {
  return i18n.language === 'zh_CN' ? 'zh_CN' : 'en_US';
}

export async function changeLocale(locale: Locale): Promise<void> {
  saveLocale(locale);
  dayjs.locale(locale === 'zh_CN' ? 'zh-cn' : 'en');
  await i18n.changeLanguage(locale);
}

export default i18n;
