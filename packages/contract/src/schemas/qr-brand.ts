import { z } from 'zod';

/**
 * The custom device QR code (spec section 1, value-added): an account's own logo and product
 * name on the device detail page, on its devices' QR codes and on the public page a scanned code
 * opens. The platform turns the service on per account (POST /v1/accounts/:id/qr-brand-service);
 * the account sets the brand on its QR code page (GET/PUT /v1/qr-brand).
 */

/** Spec section 5: logo PNG under 20K, 180×180 suggested. */
export const QR_LOGO_MAX_BYTES = 20 * 1024;
export const QR_LOGO_SUGGESTED_PX = 180;
/**
 * A larger side is refused: 20 KB of PNG can declare a picture of thousands of megapixels, which
 * every phone that opens the device's page would have to decode.
 */
export const QR_LOGO_MAX_PX = 1024;
export const QR_PRODUCT_NAME_MAX = 32;

/**
 * PUT /v1/qr-brand — only the fields given change; '' or null removes the product name, null the
 * logo. The logo travels as a PNG data URL (the server checks the bytes, not the declared type).
 */
export const qrBrandBody = z
  .object({
    productName: z.string().trim().max(QR_PRODUCT_NAME_MAX, 'validation.maxLength').nullable().optional(),
    logo: z
      .string()
      .min(1, 'error.qrLogoFormat')
      // base64 of 20 KB plus the data-URL prefix and line breaks; bigger cannot be a valid logo
      .max(30_000, 'error.qrLogoTooLarge')
      .nullable()
      .optional(),
  })
  .refine((b) => b.productName !== undefined || b.logo !== undefined, 'validation.required');
export type QrBrandBody = z.infer<typeof qrBrandBody>;

/** What a device shows of its account's brand (null: the account has no custom QR code service). */
export const deviceBrandSchema = z.object({
  productName: z.string().nullable(),
  /** `GET /v1/public/qr-logos/<key>`: public, cached for good (a new logo gets a new key) */
  logoUrl: z.string().nullable(),
});
export type DeviceBrand = z.infer<typeof deviceBrandSchema>;

/** GET /v1/qr-brand */
export const qrBrandSchema = deviceBrandSchema.extend({
  /** the platform turned the service on for this account */
  enabled: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type QrBrand = z.infer<typeof qrBrandSchema>;
