import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  doublePrecision,
  jsonb,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** Instance-wide settings (the JWT signing key lives here so every server process shares it). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    timeZone: text('time_zone').notNull(),
    industry: text('industry').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectName: text('subject_name').notNull(),
    remark: text('remark'),
    /** 1 enabled, 0 disabled */
    status: smallint('status').notNull().default(1),
    adminUserId: integer('admin_user_id'),
    /** ac-side permissions this account may grant to its roles */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** device alert kinds that raise messages (ALERT_KINDS); null: all of them */
    alertKinds: text('alert_kinds').array(),
    /**
     * The push-delay alarm value-added service: on for every account (as before the switch
     * existed); off, slow pushes raise no alarm for the account.
     */
    pushAlarmEnabled: boolean('push_alarm_enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_name_uq').on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** 'op' operator side, 'ac' account side */
    side: text('side').notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    username: text('username').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    name: text('name'),
    nickname: text('nickname'),
    gender: smallint('gender').notNull().default(0),
    birthday: date('birthday', { mode: 'string' }),
    dataPermission: text('data_permission').notNull().default('all'),
    /** -1 deleted, 0 not enabled (not activated), 1 disabled, 2 enabled */
    status: smallint('status').notNull().default(0),
    locked: boolean('locked').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /** the password was set by someone else and must be changed at next sign-in */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    messageLanguage: text('message_language').notNull().default('en_US'),
    /** the picture in user_avatars; also its public URL's key (a new picture, a new key) */
    avatarKey: text('avatar_key'),
    lastLoginIp: text('last_login_ip'),
    lastLoginAt: ts('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // deleted users free their username, email and phone for reuse
    uniqueIndex('users_username_uq')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.status} <> -1`),
    uniqueIndex('users_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} <> -1`),
    uniqueIndex('users_phone_uq')
      .on(t.phone)
      .where(sql`${t.status} <> -1 and ${t.phone} is not null`),
    index('users_account_idx').on(t.accountId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    side: text('side').notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description'),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** built-in roles (the super-administrator's) cannot be edited or deleted */
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_name_uq').on(t.side, sql`coalesce(${t.accountId}, 0)`, sql`lower(${t.name})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** A sign-in; access tokens carry its id, refresh tokens form its rotation family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    usedAt: ts('used_at'),
    /** a used token given a second pair because the first answer was lost (once only) */
    reissuedAt: ts('reissued_at'),
    /** an unused token replaced by such a second pair: presenting it counts as reuse */
    supersededAt: ts('superseded_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  // the session's tokens: its refreshes look along its chain, and purging a session cascades here
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId, t.id),
  ],
);

/** One-time authorisation codes of the console's sign-in, bound to a redirect address. */
export const authCodes = pgTable('auth_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

/** Activation and password-reset links. */
export const userTokens = pgTable('user_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

/** Every mail Herald sends; without SMTP this table is the outbox people and tests read. */
export const mails = pgTable(
  'mails',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    kind: text('kind').notNull(),
    link: text('link'),
    sentAt: ts('sent_at'),
    error: text('error'),
    /** when a server took the mail to send it; another may take it once the lease is over (mailer.ts) */
    claimedAt: ts('claimed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mails_to_idx').on(t.to),
    index('mails_pending_idx')
      .on(t.id)
      .where(sql`sent_at is null`),
  ],
);

export const operLogs = pgTable(
  'oper_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id'),
    userId: integer('user_id'),
    username: text('username').notNull(),
    module: text('module').notNull(),
    type: text('type').notNull(),
    /** the English rendering: kept for searches and as the text of entries written before keys */
    description: text('description').notNull(),
    /** `log.*` message key and its values, rendered in the reader's language; null on old entries */
    descriptionKey: text('description_key'),
    descriptionParams: jsonb('description_params').$type<Record<string, string | number>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('oper_logs_created_idx').on(t.createdAt), index('oper_logs_account_idx').on(t.accountId, t.createdAt)],
);

// ── fleet ────────────────────────────────────────────────────────────────

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const deviceTypes = pgTable('device_types', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

/** Device models, managed by operators; a disabled model blocks new devices of it. */
export const models = pgTable(
  'models',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** broadcast | speaker | printer */
    type: text('type').notNull(),
    pn: text('pn'),
    capability: text('capability'),
    description: text('description'),
    deviceTypeId: integer('device_type_id').references(() => deviceTypes.id),
    image: bytea('image').notNull(),
    imageMime: text('image_mime').notNull(),
    /** 1 enabled, 0 disabled */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('models_code_uq').on(sql`lower(${t.code})`)],
);

export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description'),
    /** every account has exactly one default group, which cannot be deleted */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('device_groups_name_uq').on(t.accountId, sql`lower(${t.name})`),
    uniqueIndex('device_groups_default_uq')
      .on(t.accountId)
      .where(sql`${t.isDefault}`),
  ],
);

export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** Android 1, iOS 2, IOT 3, Web 4 */
    type: smallint('type').notNull(),
    /** one-model-one-secret 1, one-device-one-secret 2 */
    accessType: smallint('access_type').notNull(),
    /** devices of a one-model-one-secret application may register themselves */
    autoRegister: boolean('auto_register').notNull().default(false),
    stockingMode: text('stocking_mode'),
    appKey: text('app_key').notNull().unique(),
    appSecret: text('app_secret').notNull(),
    signKey: text('sign_key').notNull(),
    packageName: text('package_name'),
    registeredUrl: text('registered_url'),
    notifyUrl: text('notify_url'),
    callbackUrl: text('callback_url'),
    /** by device 1, by topic 2 */
    pushMode: smallint('push_mode').notNull().default(1),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('applications_name_uq').on(t.accountId, sql`lower(${t.name})`)],
);

export const manufacturers = pgTable(
  'manufacturers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    contact: text('contact'),
    phone: text('phone'),
    email: text('email'),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('manufacturers_code_uq').on(sql`lower(${t.code})`)],
);

export const licences = pgTable('licences', {
  id: serial('id').primaryKey(),
  manufacturerId: integer('manufacturer_id')
    .notNull()
    .references(() => manufacturers.id),
  number: text('number').notNull().unique(),
  validFrom: ts('valid_from').notNull(),
  validTo: ts('valid_to').notNull(),
  maxDevices: integer('max_devices').notNull(),
  createdAt: createdAt(),
});

export const certificates = pgTable('certificates', {
  id: serial('id').primaryKey(),
  manufacturerId: integer('manufacturer_id')
    .notNull()
    .references(() => manufacturers.id),
  serialNumber: text('serial_number').notNull(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  fingerprint: text('fingerprint').notNull().unique(),
  pem: text('pem').notNull(),
  validFrom: ts('valid_from').notNull(),
  validTo: ts('valid_to').notNull(),
  revokedAt: ts('revoked_at'),
  revokedBy: integer('revoked_by'),
  createdAt: createdAt(),
});

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    sn: text('sn').notNull(),
    name: text('name'),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id),
    groupId: integer('group_id').references(() => deviceGroups.id),
    appId: integer('app_id').references(() => applications.id),
    manufacturerId: integer('manufacturer_id').references(() => manufacturers.id),
    /** the account user the device is assigned to ("own data only" users see only theirs); null: nobody's */
    ownerUserId: integer('owner_user_id').references(() => users.id),
    /** device secret for one-device-one-secret, or issued at registration */
    secret: text('secret'),
    /** -1 deleted, 0 not enabled, 1 disabled, 2 enabled */
    status: smallint('status').notNull().default(2),
    activated: boolean('activated').notNull().default(false),
    activatedAt: ts('activated_at'),
    online: boolean('online').notNull().default(false),
    lastOnlineAt: ts('last_online_at'),
    lastOfflineAt: ts('last_offline_at'),
    /** the device_connections row of the session that holds presence (null when offline) */
    connectionId: bigint('connection_id', { mode: 'number' }),
    paused: boolean('paused').notNull().default(false),
    mutedUntil: ts('muted_until'),
    qrEnabled: boolean('qr_enabled').notNull().default(false),
    qrPassword: text('qr_password'),
    printParams: jsonb('print_params').notNull(),
    /** the latest telemetry as the device reported it */
    telemetry: jsonb('telemetry'),
    telemetryAt: ts('telemetry_at'),
    firmwareVersion: text('firmware_version'),
    contactPhone: text('contact_phone'),
    /** the latest position: a GNSS fix, or the cells the device hears positioned by cell_towers */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    locationAccuracy: doublePrecision('location_accuracy'),
    /** 'gnss' | 'cell' */
    locationSource: text('location_source'),
    locatedAt: ts('located_at'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('devices_sn_uq')
      .on(t.sn)
      .where(sql`${t.status} <> -1`),
    index('devices_account_idx').on(t.accountId, t.status),
    index('devices_group_idx').on(t.groupId),
    index('devices_owner_idx').on(t.ownerUserId),
  ],
);

/** Online history: one row per connection. */
export const deviceConnections = pgTable(
  'device_connections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    connectedAt: ts('connected_at').notNull(),
    disconnectedAt: ts('disconnected_at'),
    ip: text('ip'),
    reason: text('reason'),
    /**
     * the device's session key: the timestamp (ms) it connected with; orders sessions when
     * connect and disconnect of two sessions are processed out of order
     */
    session: bigint('session', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('device_connections_device_idx').on(t.deviceId, t.connectedAt),
    index('device_connections_session_idx').on(t.deviceId, t.session),
    // the dashboard's sessions per day, and the retention purge
    index('device_connections_connected_idx').on(t.connectedAt),
  ],
);

/**
 * The server processes taking uplink from an external broker, one row each (MQTT client id):
 * since when its current subscription has held, and when it last said it still holds. A node
 * that (re)connects asks the fleet for presence unless another node held its subscription
 * throughout (gateway/external.ts): only then did no device message go unheard.
 */
export const gatewayNodes = pgTable('gateway_nodes', {
  id: text('id').primaryKey(),
  subscribedSince: ts('subscribed_since'),
  seenAt: ts('seen_at').notNull(),
});

/** Commands sent to devices and what the device answered. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: uuid('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    accountId: integer('account_id').notNull(),
    command: text('command').notNull(),
    params: jsonb('params').notNull(),
    /** sent | acked | failed | expired */
    status: text('status').notNull(),
    ackCode: text('ack_code'),
    ackMessage: text('ack_message'),
    latencyMs: integer('latency_ms'),
    sentAt: ts('sent_at').notNull(),
    expireAt: ts('expire_at').notNull(),
    ackedAt: ts('acked_at'),
    requestedBy: integer('requested_by'),
  },
  (t) => [index('device_commands_device_idx').on(t.deviceId, t.sentAt)],
);

/** Log files devices uploaded on request. */
export const deviceLogs = pgTable('device_logs', {
  id: serial('id').primaryKey(),
  deviceId: integer('device_id')
    .notNull()
    .references(() => devices.id),
  uploadTokenHash: text('upload_token_hash').notNull().unique(),
  fileName: text('file_name'),
  size: integer('size'),
  content: bytea('content'),
  uploadedAt: ts('uploaded_at'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * Batch device imports from an xlsx file, processed in the background; the console polls the progress.
 * Any server may carry on a running import whose claim's lease is over (modules/devices/import-run.ts).
 */
export const deviceImports = pgTable(
  'device_imports',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id').notNull(),
    fileName: text('file_name'),
    /** running | done | failed */
    status: text('status').notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    /** [{row, sn, message}] — message is a message key, translated when read */
    failed: jsonb('failed')
      .notNull()
      .default(sql`'[]'::jsonb`),
    message: text('message'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
    /**
     * The file's parsed rows while the import runs, dropped when it ends: they hold the devices'
     * factory secrets. [{row, sn, name, modelCode, groupName, secret}]
     */
    rows: jsonb('rows').$type<ImportFileRow[]>(),
    /** who imported (the operation log's user, account and address), kept while the import runs */
    actor: jsonb('actor').$type<ImportActor>(),
    /** when a server last took or renewed its claim on the running import (each chunk renews it) */
    claimedAt: ts('claimed_at'),
    /** which server holds the claim */
    claimedBy: text('claimed_by'),
    /**
     * The secrets Herald made for rows without one ([{sn, secret}]), until the importer takes them:
     * offered once, as a single add shows its secret once, then dropped.
     */
    generatedSecrets: jsonb('generated_secrets').$type<GeneratedSecret[]>(),
  },
  (t) => [
    index('device_imports_running_idx')
      .on(t.claimedAt)
      .where(sql`status = 'running'`),
  ],
);

export type GeneratedSecret = { sn: string; secret: string };

export type ImportFileRow = {
  row: number;
  sn: string;
  name: string;
  modelCode: string;
  groupName: string;
  secret: string;
};
export type ImportActor = { userId: number; username: string; accountId: number | null; ip: string };

// ── print and voice pipeline (issue 4) ───────────────────────────────────

/** Print templates: receiptline markup with `{{name}}` placeholders, rendered per device on the server. */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    purpose: text('purpose'),
    /** the model it is written for (null: any printer) */
    modelId: integer('model_id').references(() => models.id),
    /** the printer command set it renders to (TEMPLATE_COMMANDS) */
    command: text('command').notNull().default('escpos'),
    body: text('body').notNull(),
    /** [{name, sample, description}] — the parameters the body uses */
    params: jsonb('params')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** the account user who made it ("own data only" users see only theirs) */
    createdBy: integer('created_by'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('templates_account_idx').on(t.accountId)],
);

/** Businesses: what an integrator names in a request (print with a template, broadcast or notification text). */
export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** BusinessType: 0 print, 1 broadcast, 2 notification */
    type: smallint('type').notNull(),
    templateId: integer('template_id').references(() => templates.id),
    /** broadcast/notification text with `{{name}}` placeholders */
    voiceContent: text('voice_content'),
    remark: text('remark'),
    /** the account user who made it ("own data only" users see only theirs) */
    createdBy: integer('created_by'),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('businesses_account_idx').on(t.accountId)],
);

/**
 * Users' pictures (spec: avatar 2 MB), apart from `users`, whose rows every request loads. A new
 * picture is a new row under a new random key; the old row goes.
 */
export const userAvatars = pgTable(
  'user_avatars',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    image: bytea('image').notNull(),
    mime: text('mime').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_avatars_user_idx').on(t.userId)],
);

/** Per-account push (webhook) addresses and value-added settings; the open API keys are `api_keys`. */
export const accountApis = pgTable('account_apis', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  /** event → URL (WEBHOOK_EVENTS) */
  pushUrls: jsonb('push_urls')
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** value-added service parameters (free-form key/values, e.g. geolocation) */
  addedParams: jsonb('added_params')
    .notNull()
    .default(sql`'{}'::jsonb`),
  geoSecret: text('geo_secret'),
  updatedAt: updatedAt(),
});

/**
 * An account's open API keys (at most API_KEYS_MAX), each named. A rotation keeps the replaced
 * secret in `previous_secret` until `previous_expires_at` (the overlap the user picked), so an
 * integrator can deploy the new one without a refused call. The account's oldest key signs its
 * webhook pushes. `last_used_at` is written at most once a minute per key and server (open-api/last-use.ts).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    appKey: text('app_key').notNull().unique(),
    /** HMAC key: Herald must recompute signatures, so it is kept, and shown only after the login password */
    secret: text('secret').notNull(),
    secretRotatedAt: ts('secret_rotated_at').notNull().defaultNow(),
    previousSecret: text('previous_secret'),
    previousExpiresAt: ts('previous_expires_at'),
    lastUsedAt: ts('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_keys_account_idx').on(t.accountId, t.id),
    check('api_keys_previous_check', sql`(${t.previousSecret} is null) = (${t.previousExpiresAt} is null)`),
  ],
);

/**
 * An account's custom device QR code (value-added service): the platform turns it on and off
 * (`enabled`); the account's product name and PNG logo stay when it is turned off, for the day it
 * is turned on again. `logo_key` names the logo in its public URL and changes with every new logo.
 */
export const qrBrands = pgTable('qr_brands', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  enabled: boolean('enabled').notNull().default(false),
  productName: text('product_name'),
  logo: bytea('logo'),
  logoKey: text('logo_key').unique(),
  updatedAt: updatedAt(),
});

/** Nonces seen by the open API within the timestamp window; a repeated one is a replay. */
export const apiNonces = pgTable(
  'api_nonces',
  {
    appKey: text('app_key').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appKey, t.nonce] }), index('api_nonces_expiry_idx').on(t.expiresAt)],
);

/**
 * Jobs: every print, speak and transaction-broadcast request, stored before the API answers.
 * status: 0 not pushed, 1 pushed, 2 push succeeded (device ack), 3 success, 4 failed, 5 timeout.
 *
 * A job is unfinished exactly while `finished_at` is null (status < 3; a check holds them
 * together), and the indexes of unfinished jobs say so by `finished_at`, not by status: a
 * job's publish and ack then change no indexed column, and with the room the table keeps free in
 * each page (fillfactor 70, set in migration 0010; drizzle has no table storage options) they
 * are HOT updates that write no index entry. Measured with bench/job-sql.ts: ~15 % less database
 * time per job (docs/benchmarks.md).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the message id the device sees (and dedups on) */
    msgId: uuid('msg_id').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    sn: text('sn').notNull(),
    /** JOB_KINDS: print | speak | trade */
    kind: text('kind').notNull(),
    /** JOB_SOURCES: api | console */
    source: text('source').notNull(),
    orderId: text('order_id'),
    businessId: integer('business_id'),
    templateId: integer('template_id'),
    status: smallint('status').notNull().default(0),
    /** what goes to the device: the job payload minus header (print data base64, or text/clips) */
    payload: jsonb('payload').notNull(),
    /** what the caller sent, for the detail page (parameters, markup, text) */
    request: jsonb('request'),
    copies: smallint('copies').notNull().default(1),
    // transaction broadcast
    amount: text('amount'),
    currency: text('currency'),
    paymentType: text('payment_type'),
    language: text('language'),
    requestedAt: ts('requested_at').notNull(),
    expireAt: ts('expire_at').notNull(),
    pushedAt: ts('pushed_at'),
    pushCount: smallint('push_count').notNull().default(0),
    ackedAt: ts('acked_at'),
    /** request → device ack, and publish → ack (server clock, echoed ts) */
    ackLatencyMs: integer('ack_latency_ms'),
    finishedAt: ts('finished_at'),
    reason: text('reason'),
    /** the job this one sends again (the console's reprint); no foreign key: records are purged by age */
    reprintOf: bigint('reprint_of', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('jobs_order_uq')
      .on(t.accountId, t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('jobs_account_idx').on(t.accountId, t.requestedAt),
    /** the dispatcher's queue: unfinished jobs of a device in order */
    index('jobs_pending_idx')
      .on(t.deviceId, t.id)
      .where(sql`${t.finishedAt} is null`),
    index('jobs_expiry_idx')
      .on(t.expireAt)
      .where(sql`${t.finishedAt} is null`),
    /** jobs that expired before their device reported them: Herald still asks the device (UNCONFIRMED) */
    index('jobs_unconfirmed_idx')
      .on(t.deviceId, t.id)
      .where(sql`${t.reason} = 'notConfirmed'`),
    check('jobs_finished_check', sql`(${t.status} < 3) = (${t.finishedAt} is null)`),
  ],
);

/**
 * Gateway publish records: one row per MQTT publish of a job (a reconnect re-publishes). status 1
 * pushed, 2 push succeeded (acked); 0 not pushed: the gateway did not take it (reason), the job
 * stays queued and goes out later.
 */
export const publishRecords = pgTable(
  'publish_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    accountId: integer('account_id').notNull(),
    deviceId: integer('device_id').notNull(),
    sn: text('sn').notNull(),
    topic: text('topic').notNull(),
    msgId: uuid('msg_id').notNull(),
    qos: smallint('qos').notNull(),
    status: smallint('status').notNull().default(0),
    bytes: integer('bytes').notNull(),
    publishedAt: ts('published_at').notNull(),
    ackedAt: ts('acked_at'),
    latencyMs: integer('latency_ms'),
    /** status 0: why the gateway did not take the message ('queueFull', 'brokerError') */
    reason: text('reason'),
  },
  (t) => [
    index('publish_records_account_idx').on(t.accountId, t.publishedAt),
    /** an ack names its publish by job and send time (the `ts` the device echoes) */
    index('publish_records_job_idx').on(t.jobId, t.publishedAt),
  ],
);

/** General request records: every open API call. result 0 failed, 1 success, 2 processing. */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id'),
    appKey: text('app_key'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    orderId: text('order_id'),
    sn: text('sn'),
    jobId: bigint('job_id', { mode: 'number' }),
    result: smallint('result').notNull(),
    code: integer('code').notNull(),
    message: text('message'),
    ip: text('ip'),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (t) => [index('api_requests_account_idx').on(t.accountId, t.createdAt)],
);

/** Transaction broadcast settings per account. */
export const tradeSpeakSettings = pgTable('trade_speak_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  enabled: boolean('enabled').notNull().default(true),
  /** prefix phrase clip per payment type is chosen from the language pack; this one leads every broadcast */
  prefix: text('prefix').notNull().default('received'),
  language: text('language').notNull().default('zh_CN'),
  volume: smallint('volume').notNull().default(75),
  /** payment types that speak (PAYMENT_TYPES) */
  paymentTypes: jsonb('payment_types').notNull(),
  updatedAt: updatedAt(),
});

/** Webhook deliveries (status changes POSTed to the account's push addresses) and their attempts. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    event: text('event').notNull(),
    url: text('url').notNull(),
    jobId: bigint('job_id', { mode: 'number' }),
    payload: jsonb('payload').notNull(),
    /** pending | succeeded | failed (gave up) */
    status: text('status').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** a test event the user sent from the console or API (no job behind it) */
    test: boolean('test').notNull().default(false),
    /** the delivery this one sends again (a redelivery the user asked for) */
    redeliveryOf: bigint('redelivery_of', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_account_idx').on(t.accountId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: ts('attempted_at').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

// ── over-the-air ─────────────────────────────────────────────────────────

/** Uploaded files; the bytes live in the storage (local disk or S3) under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    /** null: uploaded by an operator (platform file) */
    accountId: integer('account_id').references(() => accounts.id),
    /** FILE_PURPOSES */
    purpose: text('purpose').notNull(),
    name: text('name').notNull(),
    /** zip | gz | apk | bin */
    format: text('format').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** archive listing: [{ path, size }] */
    entries: jsonb('entries').notNull().default([]),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('files_account_idx').on(t.accountId, t.purpose)],
);

/** Firmware / application packages. accountId null = platform package (operator), visible to every account. */
export const firmwarePackages = pgTable(
  'firmware_packages',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').references(() => accounts.id),
    appName: text('app_name').notNull(),
    name: text('name').notNull(),
    versionName: text('version_name').notNull(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id),
    signAlgorithm: text('sign_algorithm').notNull(),
    /** whole | split */
    packageType: text('package_type').notNull(),
    baseVersion: text('base_version'),
    minUpgradeVersion: text('min_upgrade_version'),
    /** the oldest language pack it works with (devices with an older one are skipped at the offer) */
    minLanguagePackVersion: text('min_language_pack_version'),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    remark: text('remark'),
    deletedAt: ts('deleted_at'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('firmware_packages_account_idx').on(t.accountId),
    uniqueIndex('firmware_packages_version_uq')
      .on(t.modelId, t.appName, t.versionName, t.packageType, sql`coalesce(${t.accountId}, 0)`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Resource and language packages. A language pack's file holds `<clip id>.<ext>` voice clips. */
export const resourcePackages = pgTable(
  'resource_packages',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').references(() => accounts.id),
    name: text('name').notNull(),
    /** language | resource */
    kind: text('kind').notNull(),
    language: text('language'),
    version: text('version').notNull(),
    /** the oldest firmware it works with (devices on an older one are skipped at the offer) */
    minFirmwareVersion: text('min_firmware_version'),
    fileCount: integer('file_count').notNull(),
    /** clip ids (language packs) */
    clips: jsonb('clips').notNull().default([]),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    remark: text('remark'),
    deletedAt: ts('deleted_at'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('resource_packages_account_idx').on(t.accountId),
    uniqueIndex('resource_packages_version_uq')
      .on(t.name, t.version, sql`coalesce(${t.accountId}, 0)`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Upgrade (OTA) tasks over one account's devices. */
export const otaTasks = pgTable(
  'ota_tasks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** 0 app (firmware) package, 1 language package */
    type: smallint('type').notNull(),
    firmwareId: integer('firmware_id').references(() => firmwarePackages.id),
    resourceId: integer('resource_id').references(() => resourcePackages.id),
    fromVersion: text('from_version'),
    toVersion: text('to_version').notNull(),
    language: text('language'),
    /** all | devices | group | sn */
    scope: text('scope').notNull(),
    deviceIds: jsonb('device_ids').notNull().default([]),
    groupIds: jsonb('group_ids').notNull().default([]),
    sns: jsonb('sns').notNull().default([]),
    /** scope 'cohort': the cohort whose members `device_ids` took when the task was created */
    cohortId: integer('cohort_id'),
    effectiveAt: ts('effective_at').notNull(),
    expireAt: ts('expire_at').notNull(),
    retries: smallint('retries').notNull(),
    timeoutMinutes: integer('timeout_minutes').notNull(),
    /** devices offered per minute, 0 = unlimited */
    pace: integer('pace').notNull().default(0),
    /** TaskCreationStatus -1..5 */
    creationStatus: smallint('creation_status').notNull().default(0),
    /** OtaTaskStatus 1..7 */
    status: smallint('status').notNull().default(1),
    /** noDevices | someFailed */
    creationNote: text('creation_note'),
    remark: text('remark'),
    /** OtaPhase[]: empty = one phase of every device */
    phases: jsonb('phases').notNull().default([]),
    /** OtaAbortCriterion[] */
    abortCriteria: jsonb('abort_criteria').notNull().default([]),
    currentPhase: smallint('current_phase').notNull().default(0),
    phaseStartedAt: ts('phase_started_at'),
    /** null while offering; paused | aborted */
    halt: text('halt'),
    /** OtaHaltReason */
    haltReason: jsonb('halt_reason'),
    /** OtaOfferWindow: offers only inside it, in each device's time zone (null: any time) */
    offerWindow: jsonb('offer_window'),
    /** abort criteria count executions finished since (a resume starts a fresh count) */
    criteriaSince: ts('criteria_since'),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    createdBy: integer('created_by'),
    /** made by an "own data only" user: the scope covers only this user's devices, late joiners too */
    scopeOwner: integer('scope_owner'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ota_tasks_account_idx').on(t.accountId, t.createdAt),
    index('ota_tasks_live_idx')
      .on(t.creationStatus)
      .where(sql`${t.creationStatus} in (0, 1, 2)`),
  ],
);

/**
 * Cohorts: named sets of one account's devices for upgrade tasks (scope or phase). Members are
 * device ids fixed when saved; `filter` keeps the device-list filter they were read with.
 */
export const otaCohorts = pgTable(
  'ota_cohorts',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    remark: text('remark'),
    /** filter | file | manual */
    source: text('source').notNull(),
    filter: jsonb('filter'),
    deviceIds: jsonb('device_ids').notNull().default([]),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ota_cohorts_name_uq').on(t.accountId, t.name)],
);

/**
 * One per device and task. `kind` (firmware | resource) is the device's OTA slot: at most one
 * active execution per device and kind (partial unique index).
 */
export const otaExecutions = pgTable(
  'ota_executions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => otaTasks.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    accountId: integer('account_id').notNull(),
    kind: text('kind').notNull(),
    /** EXECUTION_STATES */
    state: text('state').notNull(),
    reason: text('reason'),
    message: text('message'),
    attempt: smallint('attempt').notNull().default(0),
    /** the task's rollout phase this device belongs to */
    phase: smallint('phase').notNull().default(0),
    fromVersion: text('from_version'),
    /** the current attempt's offer id (what the device echoes on up/ota) */
    offerId: text('offer_id'),
    progress: smallint('progress'),
    offeredAt: ts('offered_at'),
    /** the current attempt times out at */
    deadlineAt: ts('deadline_at'),
    /** queued for a retry: not before */
    notBefore: ts('not_before'),
    updatedAt: updatedAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('ota_executions_task_device_uq').on(t.taskId, t.deviceId),
    uniqueIndex('ota_executions_active_uq')
      .on(t.deviceId, t.kind)
      .where(sql`${t.state} in ('queued', 'offered', 'downloading', 'verifying', 'installing')`),
    index('ota_executions_task_state_idx').on(t.taskId, t.state),
    uniqueIndex('ota_executions_offer_uq').on(t.offerId),
    index('ota_executions_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.state} in ('offered', 'downloading', 'verifying', 'installing')`),
  ],
);

/** Every state change of an execution (history and the progress chart). */
export const otaExecutionEvents = pgTable(
  'ota_execution_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    executionId: bigint('execution_id', { mode: 'number' })
      .notNull()
      .references(() => otaExecutions.id),
    taskId: integer('task_id').notNull(),
    attempt: smallint('attempt').notNull(),
    state: text('state').notNull(),
    reason: text('reason'),
    message: text('message'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('ota_execution_events_exec_idx').on(t.executionId, t.id),
    index('ota_execution_events_task_idx').on(t.taskId, t.at),
  ],
);

/** Push tasks: print parameters, a message or a resource pack to a scope of devices. */
export const pushTasks = pgTable(
  'push_tasks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /** config | message | resource */
    type: text('type').notNull(),
    config: jsonb('config'),
    message: text('message'),
    resourceId: integer('resource_id').references(() => resourcePackages.id),
    /** type 'logo': the startup logo (files, purpose 'logo') */
    logoFileId: integer('logo_file_id').references(() => files.id),
    scope: text('scope').notNull(),
    deviceIds: jsonb('device_ids').notNull().default([]),
    groupIds: jsonb('group_ids').notNull().default([]),
    sns: jsonb('sns').notNull().default([]),
    /** PushTaskStatus 1..5 */
    status: smallint('status').notNull().default(1),
    effectiveAt: ts('effective_at').notNull(),
    expireAt: ts('expire_at').notNull(),
    ttlHours: integer('ttl_hours').notNull(),
    remark: text('remark'),
    endedAt: ts('ended_at'),
    createdBy: integer('created_by'),
    /** made by an "own data only" user: the scope covers only this user's devices, late joiners too */
    scopeOwner: integer('scope_owner'),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_tasks_account_idx').on(t.accountId, t.createdAt),
    index('push_tasks_live_idx')
      .on(t.status)
      .where(sql`${t.status} in (1, 2)`),
  ],
);

/** One per device of a push task. */
export const pushResults = pgTable(
  'push_results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => pushTasks.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    /** PUSH_RESULT_STATES */
    state: text('state').notNull().default('pending'),
    /** the down/config message id (acks carry it) */
    msgId: uuid('msg_id').unique(),
    ackCode: text('ack_code'),
    message: text('message'),
    latencyMs: integer('latency_ms'),
    sentAt: ts('sent_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('push_results_task_device_uq').on(t.taskId, t.deviceId),
    index('push_results_pending_idx')
      .on(t.deviceId)
      .where(sql`${t.state} in ('pending', 'sent')`),
  ],
);

/** SmartConfig app versions (operator side); the public download serves the newest listed one. */
export const smartConfigVersions = pgTable('smart_config_versions', {
  id: serial('id').primaryKey(),
  versionName: text('version_name').notNull().unique(),
  /** optional | forced */
  updateType: text('update_type').notNull(),
  notes: text('notes'),
  downloads: integer('downloads').notNull().default(0),
  /** listed | delisted */
  status: text('status').notNull(),
  delistReason: text('delist_reason'),
  fileId: integer('file_id')
    .notNull()
    .references(() => files.id),
  listedAt: ts('listed_at'),
  delistedAt: ts('delisted_at'),
  createdBy: integer('created_by'),
  createdAt: createdAt(),
});

/**
 * Jobs counted per account, quarter hour of the request and kind, for the dashboard: counting the
 * jobs table itself would read every job of the week. Account 0 holds the platform's totals. The
 * server adds what its pipeline did every few seconds (modules/dashboard/job-counts.ts); outcomes
 * count in the quarter hour the job was requested in. Purged with the records (90 days).
 */
export const jobStats = pgTable(
  'job_stats',
  {
    accountId: integer('account_id').notNull(),
    bucket: ts('bucket').notNull(),
    kind: text('kind').notNull(),
    requested: integer('requested').notNull().default(0),
    success: integer('success').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.bucket, t.kind] }), index('job_stats_bucket_idx').on(t.bucket)],
);

/** Jobs per device and UTC day (midnight), for the dashboard's device ranking; written like job_stats, every minute. */
export const deviceJobStats = pgTable(
  'device_job_stats',
  {
    accountId: integer('account_id').notNull(),
    day: ts('day').notNull(),
    deviceId: integer('device_id').notNull(),
    requested: integer('requested').notNull().default(0),
    success: integer('success').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.deviceId] }), index('device_job_stats_day_idx').on(t.day)],
);

/** Notices an operator writes for chosen accounts (or every account): draft 0, then published 1. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    status: smallint('status').notNull().default(0),
    allAccounts: boolean('all_accounts').notNull().default(false),
    /** messages delivered at publishing */
    recipientCount: integer('recipient_count').notNull().default(0),
    createdBy: integer('created_by'),
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notices_created_idx').on(t.createdAt)],
);

export const noticeAccounts = pgTable(
  'notice_accounts',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.accountId] })],
);

/** The users of an account who receive its notices and device alerts; none: its super-administrators. */
export const noticeReceivers = pgTable(
  'notice_receivers',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);

/**
 * In-app messages, one per recipient: system (a published notice) or alert (a device's). A
 * message's words are copied at delivery, so a notice's later fate does not change an inbox.
 * Purged after 90 days.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    accountId: integer('account_id'),
    /** 'system' | 'alert' */
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    noticeId: integer('notice_id'),
    alertKind: text('alert_kind'),
    deviceId: integer('device_id'),
    sn: text('sn'),
    detail: text('detail'),
    /** an alert's phase (ALERT_PHASES); null: raised */
    alertPhase: text('alert_phase'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.createdAt),
    index('messages_unread_idx')
      .on(t.userId, t.category)
      .where(sql`${t.readAt} is null`),
    // a notice's read count reads only the read ones
    index('messages_notice_read_idx')
      .on(t.noticeId)
      .where(sql`${t.readAt} is not null`),
    index('messages_created_idx').on(t.createdAt),
  ],
);

/**
 * When a device last raised each alert kind: at most one message per device and kind an hour
 * (the spec's default notification frequency), across servers (one conditional upsert decides).
 */
export const deviceAlerts = pgTable(
  'device_alerts',
  {
    deviceId: integer('device_id').notNull(),
    kind: text('kind').notNull(),
    raisedAt: ts('raised_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.kind] })],
);

/**
 * The alert kinds a device's last report put it in (STATE_ALERT_KINDS), and the ones before: one
 * upsert per report swaps them, so the server that swaps them sees the change, and only it
 * (messages/alert-states.ts). `reported_at` is the device's own time of the report: an older
 * report arriving late (another server, a retry) changes nothing.
 */
export const deviceAlertStates = pgTable('device_alert_states', {
  deviceId: integer('device_id').primaryKey(),
  active: text('active').array().notNull(),
  prevActive: text('prev_active').array().notNull(),
  reportedAt: ts('reported_at').notNull(),
});

/** Where an account's alerts go besides its recipients' consoles (alert-channels.ts); none: defaults. */
export const alertSettings = pgTable('alert_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  /** the alert address (a signed webhook), and the kinds it receives */
  webhookUrl: text('webhook_url'),
  webhookKinds: text('webhook_kinds').array().notNull(),
  batteryLowPercent: smallint('battery_low_percent').notNull(),
  /** a device offline this long raises the offline alert (alert-offline.ts) */
  offlineAlertMinutes: smallint('offline_alert_minutes').notNull().default(30),
  updatedAt: updatedAt(),
});

/** The kinds one recipient gets in the console and by e-mail; none: every kind in the console only. */
export const alertRoutes = pgTable(
  'alert_routes',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    inAppKinds: text('in_app_kinds').array().notNull(),
    emailKinds: text('email_kinds').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] })],
);

/**
 * Alerts folded while a device flaps: one row per device, kind and window, sent as one digest
 * when the window ends (and deleted by the server that sends it).
 */
export const alertDigests = pgTable(
  'alert_digests',
  {
    deviceId: integer('device_id').notNull(),
    kind: text('kind').notNull(),
    windowEndsAt: ts('window_ends_at').notNull(),
    accountId: integer('account_id').notNull(),
    sn: text('sn').notNull(),
    folded: integer('folded').notNull(),
    lastPhase: text('last_phase').notNull(),
    lastDetail: text('last_detail'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.kind, t.windowEndsAt] }),
    index('alert_digests_due_idx').on(t.windowEndsAt),
  ],
);

/** An account's push-delay alarm settings (none: the spec's defaults, DEFAULT_ALARM_SETTINGS). */
export const alarmSettings = pgTable('alarm_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id),
  monitorMinutes: integer('monitor_minutes').notNull(),
  consecutive: integer('consecutive').notNull(),
  thresholdMs: integer('threshold_ms').notNull(),
  notifyHours: integer('notify_hours').notNull(),
  /** a mute lifts when alarms go on this long (hours; 0: never) */
  liftMuteHours: integer('lift_mute_hours').notNull().default(2),
  /** [{ name, colour, min, max }], contiguous */
  grades: jsonb('grades').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Push-delay alarms: the alarms of one device within its account's notification frequency are one
 * row (first and last time, how many). Kept 7 days (the spec's alarm lists).
 */
export const pushAlarms = pgTable(
  'push_alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    deviceId: integer('device_id').notNull(),
    firstAlarmAt: ts('first_alarm_at').notNull(),
    lastAlarmAt: ts('last_alarm_at').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    thresholdMs: integer('threshold_ms').notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    index('push_alarms_account_idx').on(t.accountId, t.lastAlarmAt),
    index('push_alarms_device_idx').on(t.deviceId, t.lastAlarmAt),
    index('push_alarms_last_idx').on(t.lastAlarmAt),
  ],
);

/** A device's push alarm muted (no messages) until a time, at most 24 hours ahead; by whom and when. */
export const alarmMutes = pgTable('alarm_mutes', {
  deviceId: integer('device_id').primaryKey(),
  mutedUntil: ts('muted_until').notNull(),
  mutedBy: integer('muted_by'),
  mutedAt: ts('muted_at').notNull(),
  /** the first of the alarms raised since the mute, each within the monitoring window of the one before */
  sustainedSince: ts('sustained_since'),
  /** the latest alarm raised while muted */
  lastAlarmAt: ts('last_alarm_at'),
});

/**
 * A device's track (geolocation service on): one row per stay. A position within TRACK_MIN_MOVE_M
 * (or its own accuracy) of the latest row moves that row's last_at on; kept 7 days.
 */
export const deviceTrack = pgTable(
  'device_track',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy: doublePrecision('accuracy'),
    source: text('source').notNull(),
    firstAt: ts('first_at').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [index('device_track_device_idx').on(t.deviceId, t.lastAt), index('device_track_last_idx').on(t.lastAt)],
);

/** Known cells (base stations) and where they are: what positions a device that reports only cells. */
export const cellTowers = pgTable(
  'cell_towers',
  {
    mcc: integer('mcc').notNull(),
    mnc: integer('mnc').notNull(),
    lac: integer('lac').notNull(),
    cid: bigint('cid', { mode: 'number' }).notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** metres the cell reaches */
    range: integer('range').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.mcc, t.mnc, t.lac, t.cid] })],
);

/** Geofences: a circle watching chosen devices of its account. */
export const geoFences = pgTable(
  'geo_fences',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    description: text('description'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** metres */
    radius: doublePrecision('radius').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('geo_fences_name_uq').on(t.accountId, t.name)],
);

/** The devices a fence watches, and whether each is inside now (null until its first position). */
export const fenceDevices = pgTable(
  'fence_devices',
  {
    fenceId: integer('fence_id')
      .notNull()
      .references(() => geoFences.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    inside: boolean('inside'),
    since: ts('since'),
  },
  (t) => [primaryKey({ columns: [t.fenceId, t.deviceId] }), index('fence_devices_device_idx').on(t.deviceId)],
);

/** A watched device crossing a fence's edge; kept 7 days. */
export const fenceEvents = pgTable(
  'fence_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    fenceId: integer('fence_id')
      .notNull()
      .references(() => geoFences.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').notNull(),
    /** 'enter' | 'exit' */
    kind: text('kind').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    at: ts('at').notNull(),
    alerted: boolean('alerted').notNull(),
  },
  (t) => [
    index('fence_events_account_idx').on(t.accountId, t.at),
    index('fence_events_fence_idx').on(t.fenceId, t.at),
    index('fence_events_at_idx').on(t.at),
  ],
);

// ── state shared by the server processes (docs/decisions.md, "Cluster-safe state") ────────

/**
 * Fixed-window counters (attempt and rate limits) shared by every server: one upsert per hit
 * (lib/shared-limits.ts). A row whose window ended is reused by the next hit, and purged.
 */
export const sharedLimits = pgTable(
  'shared_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    endsAt: ts('ends_at').notNull(),
  },
  (t) => [index('shared_limits_ends_idx').on(t.endsAt)],
);

/**
 * A device's current streak of slow pushes (push-delay alarm), whichever server its acks reach:
 * the times (ms) of the latest slow pushes in a row, at most the consecutive count, and the slowest.
 */
export const pushStreaks = pgTable(
  'push_streaks',
  {
    deviceId: integer('device_id').primaryKey(),
    times: bigint('times', { mode: 'number' }).array().notNull(),
    slowest: integer('slowest').notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [index('push_streaks_last_idx').on(t.lastAt)],
);

/**
 * Cancels a device still has to hear: a job it may hold (sent, status 1) was cancelled while it was
 * offline (modules/print-pipeline/cancel-pending.ts). Sent and deleted when it comes back; kept no longer than the
 * job's expiry, after which the device drops the job by itself.
 */
export const pendingCancels = pgTable(
  'pending_cancels',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    msgId: uuid('msg_id').notNull(),
    expireAt: ts('expire_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.jobId] })],
);
