import { z } from 'zod';
import { idsBodySchema, pageQuerySchema, pathId } from '../envelope';
import { MUTE_MAX_MS, PRINTER_STATES } from '../device/enums';
import { COMMANDS, printParamsSchema, SN_RE } from '../device/protocol';
import { ALNUM_RE, optionalQueryInt, optionalText, phoneSchema } from '../validation';
import { bodyId, optionalBodyId, queryFlag, queryId, sortParams } from './fleet-fields';
import { deviceBrandSchema } from './qr-brand';

/** Batch import limits: xlsx or xls, at most 2 MB and 5,000 devices per file. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** Columns of the batch-add template, in order (the header row carries these labels). */
/**
 * Columns of the batch-import sheet. `Secret` is optional: the secret the factory provisioned into a
 * one-device-one-secret device; left empty, Herald generates one (the device then registers through an
 * application to obtain it).
 */
export const IMPORT_COLUMNS = ['S/N', 'Name', 'Model code', 'Group name', 'Secret'] as const;
/** A provisioned device secret: 16 to 64 URL-safe characters. */
export const DEVICE_SECRET_RE = /^[A-Za-z0-9_-]{16,64}$/;

export const snSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .regex(SN_RE, 'error.snInvalid');

const contactPhone = phoneSchema.optional().or(z.literal(''));

/** POST /v1/devices — operators also name the account. */
export const createDeviceBody = z.object({
  sn: snSchema,
  name: optionalText(64),
  modelId: bodyId,
  /** absent: the account's default group */
  groupId: optionalBodyId,
  appId: optionalBodyId,
  manufacturerId: optionalBodyId,
  contactPhone,
  /** operators only: the account the device belongs to */
  accountId: optionalBodyId,
});

/** PUT /v1/devices/:id */
export const updateDeviceBody = z.object({
  name: optionalText(64),
  contactPhone,
  groupId: bodyId.optional(),
});

/** PUT /v1/devices/:id/print-params — the whole set (spec defaults in DEFAULT_PRINT_PARAMS). */
export const printParamsBody = printParamsSchema;

/** POST /v1/devices/status — 2 enable, 1 disable (a disabled device is disconnected and refused). */
export const deviceStatusBody = idsBodySchema.extend({
  status: z.union([z.literal(1), z.literal(2)], { error: 'validation.invalidOption' }),
});
/** POST /v1/devices/switch-group */
export const switchGroupBody = idsBodySchema.extend({ groupId: bodyId });
/**
 * POST /v1/devices/assign-owner — the account user the devices are assigned to ("own data only"
 * users see only theirs); null: assigned to nobody.
 */
export const assignOwnerBody = idsBodySchema.extend({ userId: bodyId.nullable() });
/** POST /v1/devices/mute — muted for `minutes` (default and at most 24 hours, then it lifts by itself). */
export const muteBody = idsBodySchema.extend({
  minutes: z
    .number({ error: 'validation.number' })
    .int('validation.integer')
    .positive('validation.positiveInteger')
    .max(MUTE_MAX_MS / 60_000, 'validation.invalidOption')
    .optional(),
});
/** POST /v1/devices/:id/qr — QR code switch and its optional password ('' removes it). */
export const qrBody = z.object({
  enabled: z.boolean({ error: 'validation.invalidOption' }),
  password: z
    .string()
    .trim()
    .refine((v) => v === '' || (v.length >= 4 && v.length <= 16), 'validation.qrPasswordLength')
    .refine((v) => v === '' || ALNUM_RE.test(v), 'validation.alphanumeric')
    .optional(),
});

export const deviceListQuery = pageQuerySchema.extend({
  sn: z.string().trim().max(32, 'validation.maxLength').optional(),
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  modelId: queryId,
  groupId: queryId,
  appId: queryId,
  manufacturerId: queryId,
  /** operators only */
  accountId: queryId,
  online: queryFlag,
  activated: queryFlag,
  /** 0 not enabled, 1 disabled, 2 enabled (deleted devices are in the deleted list) */
  status: optionalQueryInt(0, 2),
  paused: queryFlag,
  /** muted now (mutedUntil in the future) */
  muted: queryFlag,
  /** the devices assigned to this user */
  ownerUserId: queryId,
  ...sortParams(['id', 'sn', 'name', 'createdAt', 'lastOnlineAt', 'activatedAt', 'deletedAt', 'mutedUntil']),
});

export const deviceSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string().nullable(),
  sn: z.string(),
  name: z.string().nullable(),
  modelId: z.number().int(),
  modelName: z.string().nullable(),
  modelCode: z.string().nullable(),
  modelType: z.string().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  appId: z.number().int().nullable(),
  appName: z.string().nullable(),
  manufacturerId: z.number().int().nullable(),
  manufacturerName: z.string().nullable(),
  /** the account user it is assigned to (its owner; "own data only" users see only theirs) */
  ownerUserId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  /** -1 deleted, 0 not enabled, 1 disabled, 2 enabled */
  status: z.number().int(),
  activated: z.boolean(),
  activatedAt: z.string().nullable(),
  online: z.boolean(),
  lastOnlineAt: z.string().nullable(),
  lastOfflineAt: z.string().nullable(),
  paused: z.boolean(),
  /** mutedUntil is in the future */
  muted: z.boolean(),
  mutedUntil: z.string().nullable(),
  qrEnabled: z.boolean(),
  hasQrPassword: z.boolean(),
  /** the content of its QR code (`${publicUrl}/d/<sn>`); given in the device lists */
  qrUrl: z.string().optional(),
  /** the account's custom QR code brand; null without that value-added service */
  brand: deviceBrandSchema.nullable(),
  firmwareVersion: z.string().nullable(),
  contactPhone: z.string().nullable(),
  batteryLevel: z.number().nullable(),
  /** from the latest telemetry (printer.state); null before the device reported one */
  printerState: z.enum(PRINTER_STATES).nullable(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

/**
 * Device registrations ('herald.device.list'): how devices were registered — by application,
 * manufacturer, activation — readable without the physical device list's permission.
 */
export const registrationListQuery = pageQuerySchema.extend({
  sn: z.string().trim().max(32, 'validation.maxLength').optional(),
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  modelId: queryId,
  appId: queryId,
  manufacturerId: queryId,
  /** operators only */
  accountId: queryId,
  activated: queryFlag,
  ...sortParams(['id', 'sn', 'createdAt', 'activatedAt']),
});
export const deviceRegistrationSchema = deviceSchema.pick({
  id: true,
  accountId: true,
  accountName: true,
  sn: true,
  name: true,
  modelId: true,
  modelName: true,
  modelCode: true,
  groupId: true,
  groupName: true,
  appId: true,
  appName: true,
  manufacturerId: true,
  manufacturerName: true,
  status: true,
  activated: true,
  activatedAt: true,
  online: true,
  lastOnlineAt: true,
  lastOfflineAt: true,
  firmwareVersion: true,
  contactPhone: true,
  /** registered: when the device was added (or auto-registered) */
  createdAt: true,
});
export type DeviceRegistration = z.infer<typeof deviceRegistrationSchema>;

/** The device secret (one-device-one-secret) is shown once, in the add response. */
export const deviceCreatedSchema = deviceSchema.extend({ secret: z.string() });

export const COMMAND_STATUSES = ['sent', 'acked', 'failed', 'expired'] as const;
export const deviceCommandSchema = z.object({
  id: z.string(),
  deviceId: z.number().int(),
  command: z.enum(COMMANDS),
  params: z.record(z.string(), z.unknown()),
  /** sent (waiting for the ack), acked, failed (the device answered with an error), expired (no ack in time) */
  status: z.enum(COMMAND_STATUSES),
  ackCode: z.string().nullable(),
  ackMessage: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  sentAt: z.string(),
  expireAt: z.string(),
  ackedAt: z.string().nullable(),
});
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

export const deviceConnectionSchema = z.object({
  id: z.number().int(),
  connectedAt: z.string(),
  disconnectedAt: z.string().nullable(),
  ip: z.string().nullable(),
  reason: z.string().nullable(),
});

export const deviceLogSchema = z.object({
  id: z.number().int(),
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  /** pending: the device has not uploaded yet; uploaded; expired: the upload URL lapsed unused */
  status: z.enum(['pending', 'uploaded', 'expired']),
  uploadedAt: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type DeviceLog = z.infer<typeof deviceLogSchema>;

/** GET /v1/devices/:id — the device with its live state and history. */
export const deviceDetailSchema = deviceSchema.extend({
  printParams: printParamsSchema,
  /** the latest telemetry as reported (shape: the contract's telemetryPayload) */
  telemetry: z.record(z.string(), z.unknown()).nullable(),
  telemetryAt: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  connections: z.array(deviceConnectionSchema),
  commands: z.array(deviceCommandSchema),
  logs: z.array(deviceLogSchema),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

/** What a command endpoint answers: poll GET /v1/devices/:id/commands/:commandId for the ack. */
export const commandSentSchema = z.object({ deviceId: z.number().int(), commandId: z.string() });
export const uploadLogSentSchema = commandSentSchema.extend({ logId: z.number().int() });

/**
 * What a batch action answers. The state is stored for every device; devices online now also get
 * the command at once (one entry in `commands` each); the others get their state when they reconnect.
 */
export const batchResultSchema = z.object({
  count: z.number().int(),
  commands: z.array(z.object({ deviceId: z.number().int(), sn: z.string(), commandId: z.string() })),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

/** PUT print params and POST qr answer the device and the command sent (null when offline: it gets it on reconnect). */
export const deviceStateResultSchema = z.object({ device: deviceSchema, commandId: z.string().nullable() });

export const commandParamsSchema = z.object({
  id: pathId,
  commandId: z.string().uuid('validation.format'),
});
export const logParamsSchema = z.object({
  id: pathId,
  logId: pathId,
});

/** POST /v1/devices/imports — the xlsx or xls file as base64 (a data URL prefix is accepted). */
export const importDevicesBody = z.object({
  fileName: z.string().trim().max(255, 'validation.maxLength').optional(),
  content: z.string({ error: 'error.uploadFailed' }).min(1, 'error.uploadFailed'),
  /** operators only: the account the devices go to */
  accountId: optionalBodyId,
});

export const importRowErrorSchema = z.object({ row: z.number().int(), sn: z.string(), message: z.string() });
export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  fileName: z.string().nullable(),
  /** data rows in the file */
  total: z.number().int(),
  /** rows handled so far (checked and, when valid, created) */
  processed: z.number().int(),
  created: z.number().int(),
  failed: z.array(importRowErrorSchema),
  /** why the whole job failed, when status is failed */
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** secrets Herald made for rows without one, waiting for the importer to take them (0 once taken) */
  generatedSecrets: z.number().int(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
/** POST /v1/devices/imports/:id/secrets — the generated secrets, answered once and then dropped. */
export const importSecretsSchema = z.object({
  list: z.array(z.object({ sn: z.string(), secret: z.string() })),
});
export type ImportSecrets = z.infer<typeof importSecretsSchema>;
export const importIdParamSchema = z.object({ id: z.string().uuid('validation.format') });

/** GET /v1/common/getDeviceQrcodeUrl?sn= */
export const qrcodeQuery = z.object({ sn: snSchema });
export const qrcodeSchema = z.object({
  sn: z.string(),
  /** the content of the device's QR code */
  url: z.string(),
  qrEnabled: z.boolean(),
  hasPassword: z.boolean(),
});
