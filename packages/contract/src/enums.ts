/** Status values shared by users (and, later, devices): spec section 3. */
export const UserStatus = { DELETED: -1, NOT_ENABLED: 0, DISABLED: 1, ENABLED: 2 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

export const AccountStatus = { DISABLED: 0, ENABLED: 1 } as const;
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];

/** Industry codes 01–18 (labels live in the console's i18n under `account.industry.<code>`). */
export const INDUSTRY_CODES = Array.from({ length: 18 }, (_, i) => String(i + 1).padStart(2, '0'));

export const SUBJECT_TYPES = ['personal', 'business'] as const;
export const GENDERS = [0, 1, 2] as const; // unknown, male, female

/** Message languages for in-app messages and device voice (spec section 1). */
export const MESSAGE_LANGUAGES = ['zh_CN', 'en_US', 'yue', 'th', 'bn', 'es', 'pt', 'hi'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** Operation-log modules and types; labels under `operLog.module.*` / `operLog.type.*`. */
export const OPER_MODULES = [
  'auth',
  'account',
  'user',
  'role',
  'personal',
  'device',
  'model',
  'group',
  'app',
  'manufacturer',
  'template',
  'business',
  'api',
  'tradeSpeak',
  'speakTest',
  'otaTask',
  'file',
  'firmware',
  'resourcePackage',
  'smartConfig',
  'pushTask',
  'notice',
  'pushAlarm',
  'geoFence',
  'otaCohort',
] as const;
export type OperModule = (typeof OPER_MODULES)[number];
export const OPER_TYPES = [
  'login',
  'logout',
  'add',
  'edit',
  'delete',
  'enable',
  'disable',
  'unlock',
  'resetPassword',
  'sendActivation',
  'changeAdmin',
  'unlockAdmin',
  'assignRole',
  'changePassword',
  'changeEmail',
  'activate',
  'import',
  'restore',
  'pause',
  'resume',
  'restart',
  'uploadLog',
  'switchGroup',
  'mute',
  'unmute',
  'qrSwitch',
  'printParams',
  'viewSecret',
  'licence',
  'certificate',
  'revoke',
  'rotateSecret',
  'setting',
  'send',
  'cancel',
  'upload',
  'list',
  'delist',
  'publish',
  'abort',
  'approve',
  'assignOwner',
] as const;
export type OperType = (typeof OPER_TYPES)[number];

/** Login lock-out: this many consecutive wrong passwords lock the user. */
export const MAX_FAILED_LOGINS = 5;
/** Operation log and records retention (spec section 9). */
export const RETENTION_DAYS = 90;
/** The console refreshes its token this long before the server lifetime ends. */
export const TOKEN_REFRESH_MARGIN_MS = 300_000;
