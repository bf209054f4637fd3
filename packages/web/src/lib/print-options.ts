import type { TFunction } from 'i18next';
import {
  COMMUNICATION_TYPES,
  DENSITIES,
  PAPER_WIDTHS,
  PRINT_LANGUAGES,
  PRINT_SPEEDS,
  VOICE_TYPES,
  VOLUME_PRESETS,
} from '@herald/contract';

/** The choices of a device's print and sound parameters (the device's edit page, the push task's parameters). */
export const printOptions = (t: TFunction) => ({
  language: PRINT_LANGUAGES.map((v) => ({ value: v, label: t(`device.print.languages.${v}`) })),
  speed: PRINT_SPEEDS.map((v) => ({ value: v, label: `${v} mm/s` })),
  density: DENSITIES.map((v) => ({ value: v, label: t(`device.print.densities.${v}`) })),
  voiceType: VOICE_TYPES.map((v) => ({ value: v, label: t(`device.print.voiceTypes.${v}`) })),
  volume: VOLUME_PRESETS.map((v) => ({ value: v, label: String(v) })),
  communicationType: COMMUNICATION_TYPES.map((v) => ({ value: v, label: t(`device.network.${v}`) })),
  paperWidth: PAPER_WIDTHS.map((v) => ({ value: v, label: `${v} mm` })),
});
