import { sql } from 'drizzle-orm';
import {
  bigserial,
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
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash)],
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
    createdAt: createdAt(),
  },
  (t) => [index('mails_to_idx').on(t.to)],
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
    description: text('description').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('oper_logs_created_idx').on(t.createdAt), index('oper_logs_account_idx').on(t.accountId, t.createdAt)],
);
