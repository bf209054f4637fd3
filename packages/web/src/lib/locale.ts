import { LOCALES, type Locale } from '@herald/contract';

/** The interface language lives in the `locale` cookie (spec section 3). */
const COOKIE = 'locale';

function readCookie(name: string): string | undefined {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

export function toLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const v = value.toLowerCase().replace('-', '_');
  if (v.startsWith('zh')) return 'zh_CN';
  if (v.startsWith('en')) return 'en_US';
  return undefined;
}

export function saveLocale(locale: Locale): void {
  document.cookie = `${COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Lax`;
}

/** URL `lang`, else the cookie chosen earlier, else the browser language, else en_US (spec section 9). */
export function initialLocale(): Locale {
  const fromUrl = toLocale(new URLSearchParams(window.location.search).get('lang'));
  if (fromUrl) {
    saveLocale(fromUrl);
    return fromUrl;
  }
  const fromCookie = readCookie(COOKIE);
  if (fromCookie && (LOCALES as readonly string[]).includes(fromCookie)) return fromCookie as Locale;
  return toLocale(navigator.language) ?? 'en_US';
}
