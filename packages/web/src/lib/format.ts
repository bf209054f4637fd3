import dayjs from 'dayjs';

export const formatDateTime = (v?: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-');

/** Country/region display name for the interface language (Intl.DisplayNames). */
export function countryName(code: string, locale: string): string {
  try {
    const names = new Intl.DisplayNames([locale.replace('_', '-')], { type: 'region' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
