import type { TFunction } from 'i18next';

/** The device list's menu permission; its buttons are `${P}.<action>`. */
export const P = 'herald.device.physical.list';
/** Either one opens the muted-devices list (spec section 6). */
export const SILENCE_VIEW = ['herald.device.physical.push.alert.silence', 'herald.device.physical.push.warn.query'];
/** The device's location page (the geolocation service): the menu code or its query button opens it. */
export const LOCATION = [`${P}.location.query`, `${P}.location`];
/** Registrations (devices by application). */
export const P_APPLY = 'herald.device.list';

export const statusEnum = (t: TFunction) => ({
  0: { text: t('device.status.0'), status: 'Warning' },
  1: { text: t('device.status.1'), status: 'Default' },
  2: { text: t('device.status.2'), status: 'Success' },
});

export const yesNoEnum = (t: TFunction, yes: string, no: string) => ({
  true: { text: t(yes) },
  false: { text: t(no) },
});

export const formatBytes = (n?: number | null) => {
  if (n === undefined || n === null) return '-';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
};
