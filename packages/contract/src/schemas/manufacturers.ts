import { z } from 'zod';
import { pageQuerySchema } from '../envelope';
import { EMAIL_RE, optionalText, phoneSchema, requiredText } from '../validation';
import { codeSchema, emptyAsAny, queryFlag, queryId, requiredDate, sortParams } from './fleet-fields';

/** Licences and certificates are flagged this many days before they expire (spec section 9). */
export const EXPIRY_WARNING_DAYS = 30;

const manufacturerFields = {
  name: requiredText(64),
  code: codeSchema(32),
  contact: optionalText(64),
  phone: phoneSchema.optional().or(z.literal('')),
  email: z
    .string()
    .trim()
    .max(128, 'validation.maxLength')
    .regex(EMAIL_RE, 'validation.email')
    .optional()
    .or(z.literal('')),
  remark: optionalText(255),
};

/** POST /v1/manufacturers */
export const createManufacturerBody = z.object(manufacturerFields);
/** PUT /v1/manufacturers/:id */
export const updateManufacturerBody = z.object(manufacturerFields).partial();

export const manufacturerListQuery = pageQuerySchema.extend({
  name: z.string().trim().max(64, 'validation.maxLength').optional(),
  code: z.string().trim().max(32, 'validation.maxLength').optional(),
  ...sortParams(['id', 'name', 'code', 'createdAt', 'capacity', 'activatedCount', 'connectedCount']),
});

export const manufacturerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  remark: z.string().nullable(),
  /** devices of the manufacturer that are not deleted */
  deviceCount: z.number().int(),
  activatedCount: z.number().int(),
  connectedCount: z.number().int(),
  /** sum of max devices over licences valid now */
  capacity: z.number().int(),
  /** capacity − activated devices, at least 0 */
  remaining: z.number().int(),
  licenceCount: z.number().int(),
  certificateCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Manufacturer = z.infer<typeof manufacturerSchema>;

/** POST /v1/manufacturers/:id/licences — 'The starting value cannot be greater than the ending value'. */
export const importLicenceBody = z
  .object({
    number: requiredText(64),
    validFrom: requiredDate,
    validTo: requiredDate,
    maxDevices: z
      .number({ error: (i) => (i.input === undefined ? 'validation.required' : 'validation.number') })
      .int('validation.integer')
      .positive('validation.positiveInteger')
      .max(10_000_000, 'validation.invalidOption'),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.validFrom) > Date.parse(v.validTo)) {
      ctx.addIssue({ code: 'custom', message: 'validation.range', path: ['validTo'] });
    }
  });

/** Licences and certificates sort by their validity (newest first without a sort). */
const validitySort = sortParams(['validFrom', 'validTo']);

export const licenceListQuery = pageQuerySchema.extend({
  manufacturerId: queryId,
  number: z.string().trim().max(64, 'validation.maxLength').optional(),
  ...validitySort,
});

export const licenceSchema = z.object({
  id: z.number().int(),
  manufacturerId: z.number().int(),
  manufacturerName: z.string(),
  number: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  maxDevices: z.number().int(),
  /** activated devices of the manufacturer (not deleted), of every account: the licence's use */
  activated: z.number().int(),
  /** max devices − activated, at least 0 */
  remaining: z.number().int(),
  /** devices of the manufacturer online now (shown to an account: its own) */
  connected: z.number().int(),
  /** whole days until validTo; 0 or less once expired */
  expiresInDays: z.number().int(),
  createdAt: z.string(),
});
export type Licence = z.infer<typeof licenceSchema>;

/** POST /v1/manufacturers/:id/certificates — one X.509 certificate, PEM. */
export const importCertificateBody = z.object({
  pem: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(20_000, 'error.certificateInvalid'),
});

export const certificateListQuery = pageQuerySchema.extend({
  manufacturerId: queryId,
  serialNumber: z.string().trim().max(128, 'validation.maxLength').optional(),
  revoked: queryFlag,
  ...validitySort,
});

export const certificateSchema = z.object({
  id: z.number().int(),
  manufacturerId: z.number().int(),
  manufacturerName: z.string(),
  serialNumber: z.string(),
  issuer: z.string(),
  subject: z.string(),
  /** SHA-256 fingerprint, colon-separated hex */
  fingerprint: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  revokedAt: z.string().nullable(),
  expiresInDays: z.number().int(),
  createdAt: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** GET /v1/manufacturers/expiring?days=30 */
export const expiringQuery = z.object({
  days: emptyAsAny(
    z.coerce
      .number({ error: 'validation.number' })
      .int('validation.integer')
      .min(1, 'validation.positiveInteger')
      .max(365, 'validation.invalidOption'),
  ),
});
export const expiringSchema = z.object({
  days: z.number().int(),
  licences: z.array(licenceSchema),
  certificates: z.array(certificateSchema),
});

/** GET /v1/common/manufacturerListQuery */
export const manufacturerOptionSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type ManufacturerOption = z.infer<typeof manufacturerOptionSchema>;
