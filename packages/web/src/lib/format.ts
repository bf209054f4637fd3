import dayjs from 'dayjs';

export const formatDateTime = (v?: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-');

/** A count with digit grouping ("12,000"), the same in a figure and in a sentence about it. */
export const formatCount = (n: number) => n.toLocaleString();

/** Country/region display name for the interface language (Intl.DisplayNames). */
export function countryName(code: string, locale: string): string {
  try {
    const names = new Intl.DisplayNames([locale.replace('_', '-')], { type: 'region' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
