/** Fleet enums (spec sections 3, 4, 9). Labels live in the console's i18n. */

export const MODEL_TYPES = ['broadcast', 'speaker', 'printer'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

/** Device status (spec): -1 deleted, 0 not enabled, 1 disabled, 2 enabled. */
export const DeviceStatus = { DELETED: -1, NOT_ENABLED: 0, DISABLED: 1, ENABLED: 2 } as const;
export type DeviceStatus = (typeof DeviceStatus)[keyof typeof DeviceStatus];

export const BATTERY_STATES = [
  'charging',
  'abnormal',
  'depleted',
  'extremelyLow',
  'low',
  'sufficient',
  'full',
] as const;
export type BatteryState = (typeof BATTERY_STATES)[number];

export const PRINTER_STATES = ['normal', 'outOfPaper', 'overheating', 'coverOpen', 'otherException'] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

export const NETWORK_TYPES = ['wifi', 'mobile', 'ethernet'] as const;
export type NetworkType = (typeof NETWORK_TYPES)[number];

/** Application types: Android 1, iOS 2, IOT 3, Web 4. */
export const APP_TYPES = [1, 2, 3, 4] as const;
/** Access (authentication) types: one-model-one-secret 1, one-device-one-secret 2. */
export const ACCESS_TYPES = [1, 2] as const;
/** Message push mode: by device 1, by topic 2. */
export const PUSH_MODES = [1, 2] as const;

/** Print parameters and their spec defaults (section 9). */
export const PRINT_SPEEDS = [60, 70, 90] as const;
export const VOLUME_PRESETS = [0, 15, 25, 50, 75, 85, 100] as const;
export const DENSITIES = ['light', 'dark'] as const;
export const VOICE_TYPES = ['human', 'beep'] as const;
export const PRINT_LANGUAGES = ['zh_CN', 'zh_TW', 'ko', 'ja', 'en'] as const;
export const COMMUNICATION_TYPES = ['ethernet', 'wifi', 'mobile'] as const;
export const PAPER_WIDTHS = [58, 80] as const;

export const DEFAULT_PRINT_PARAMS = {
  language: 'zh_CN',
  speed: 70,
  density: 'light',
  voiceType: 'human',
  volume: 75,
  communicationType: 'wifi',
  logo: false,
  autoCut: true,
  paperWidth: 58,
  rateLimitSeconds: 0,
  rateLimitCount: 0,
} as const;

/** Mute lifts automatically after 24 hours (spec section 9). */
export const MUTE_MAX_MS = 24 * 3600 * 1000;
