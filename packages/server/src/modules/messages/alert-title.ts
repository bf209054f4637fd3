import { formatMessage, type AlertKind, type AlertPhase, type Locale } from '@herald/contract';

/**
 * An alert in words: "Printer SN1 is out of paper", and its recovery "Printer SN1 has paper
 * again"; a fault carries the device's own words when it sent any.
 */
export function alertTitle(
  a: { kind: AlertKind; detail: string | null; phase?: AlertPhase },
  sn: string,
  locale: Locale,
): string {
  const key =
    a.phase === 'cleared'
      ? `alert.${a.kind}Cleared`
      : a.kind === 'fault' && !a.detail
        ? 'alert.faultNoDetail'
        : `alert.${a.kind}`;
  return formatMessage(key, locale, { sn, detail: a.detail ?? '' });
}

export const alertTitles = (a: Parameters<typeof alertTitle>[0], sn: string): Record<Locale, string> => ({
  zh_CN: alertTitle(a, sn, 'zh_CN'),
  en_US: alertTitle(a, sn, 'en_US'),
});
