import type { TFunction } from 'i18next';
import type { InAppMessage } from '../api/types';

type Alert = NonNullable<InAppMessage['alert']>;

/** An alert in words: "Printer SN1 is out of paper"; a fault carries the device's own words when it sent any. */
export function alertTitle(t: TFunction, alert: Alert): string {
  const { kind, sn, detail } = alert;
  if (kind === 'fault' && !detail) return t('msg.alertTitle.faultNoDetail', { sn });
  return t(`msg.alertTitle.${kind}`, { sn, detail });
}

/** What a message is called in lists and on its page: a notice's title, or its alert in words. */
export const messageTitle = (t: TFunction, m: Pick<InAppMessage, 'category' | 'title' | 'alert'>): string =>
  m.category === 'alert' && m.alert ? alertTitle(t, m.alert) : m.title;
