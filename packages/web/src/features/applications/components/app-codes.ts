import type { TFunction } from 'i18next';
import { ACCESS_TYPES, APP_TYPES, PUSH_MODES } from '@herald/contract';

export const P = 'herald.app';

export const appTypeOptions = (t: TFunction) => APP_TYPES.map((v) => ({ value: v, label: t(`app.type.${v}`) }));
export const accessTypeOptions = (t: TFunction) =>
  ACCESS_TYPES.map((v) => ({ value: v, label: t(`app.accessType.${v}`) }));
export const pushModeOptions = (t: TFunction) => PUSH_MODES.map((v) => ({ value: v, label: t(`app.pushMode.${v}`) }));
export const registerOptions = (t: TFunction) => [
  { value: false, label: t('app.register.manual') },
  { value: true, label: t('app.register.auto') },
];
