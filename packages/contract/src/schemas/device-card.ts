import { z } from 'zod';
import { MODEL_TYPES } from '../device/enums';
import { deviceBrandSchema } from './qr-brand';

/**
 * The public card behind a device's QR code (`/d/<sn>`): what someone who scans the label on a
 * printer or speaker may see without signing in, once the device's QR code is on. Nothing about
 * the account, its other devices or the device's secrets.
 */

/** S/N as it arrives from a URL: checked loosely here; one that no device can hold is simply "not available". */
export const deviceCardBody = z.object({
  sn: z.string().trim().min(1, 'validation.required').max(64, 'validation.maxLength'),
  /** the QR password, when the device has one */
  password: z.string().max(64, 'validation.maxLength').optional(),
});
export type DeviceCardBody = z.infer<typeof deviceCardBody>;

export const deviceCardSchema = z.object({
  sn: z.string(),
  name: z.string().nullable(),
  modelName: z.string().nullable(),
  modelType: z.enum(MODEL_TYPES).nullable(),
  /** the model's product photo (public, versioned URL) */
  imageUrl: z.string().nullable(),
  online: z.boolean(),
  /** when the device last came online (online) or went offline (offline) */
  since: z.string().nullable(),
  /** disabled by its account: it cannot reach the platform */
  disabled: z.boolean(),
  paused: z.boolean(),
  firmwareVersion: z.string().nullable(),
  /** the account's own logo and product name (custom QR code service); null without it */
  brand: deviceBrandSchema.nullable(),
});
export type DeviceCard = z.infer<typeof deviceCardSchema>;

/** `locked`: the card has a QR password and none (or a wrong one, with an error) was given. */
export const deviceCardResult = z.discriminatedUnion('locked', [
  z.object({ locked: z.literal(true) }),
  z.object({ locked: z.literal(false), card: deviceCardSchema }),
]);
export type DeviceCardResult = z.infer<typeof deviceCardResult>;

/** Wrong QR passwords allowed per client address and device within the window, then 429 until it ends. */
export const QR_PASSWORD_TRIES = 5;
/** ... and per device from all addresses together (guessing spread over many addresses stays slow). */
export const QR_PASSWORD_TRIES_PER_DEVICE = 50;
export const QR_PASSWORD_WINDOW_MS = 15 * 60_000;
