import { z } from 'zod';
import { FILE_PURPOSES, type FilePurpose } from '../ota';

/**
 * Uploaded files (`POST /v1/files?purpose=firmware&name=fw.zip`, body = the raw bytes as
 * `application/octet-stream`). The server stores the bytes, computes size, md5 and sha256 and
 * lists archive contents; packages then refer to the file by id. Optional `md5` / `size` in the
 * query are what the uploader computed: when given and different, the answer is 'parameter file
 * inconsistent with the actual file content' and nothing is kept.
 */
export const fileUploadQuery = z.object({
  purpose: z.enum(FILE_PURPOSES, { error: 'validation.invalidOption' }),
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(128, 'validation.maxLength')
    .refine((v) => !/[\\/\0]/.test(v), 'validation.format'),
  md5: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/, 'validation.format')
    .optional(),
  size: z.coerce.number({ error: 'validation.number' }).int('validation.integer').nonnegative().optional(),
});
export type FileUploadQuery = z.infer<typeof fileUploadQuery>;

/** One entry of an archive's listing (paths normalised; directories left out). */
export const archiveEntrySchema = z.object({ path: z.string(), size: z.number().int() });
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;

export const storedFileSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(FILE_PURPOSES),
  name: z.string(),
  size: z.number().int(),
  md5: z.string(),
  sha256: z.string(),
  /** zip: its entries; gz: the one file inside; other formats: empty */
  entries: z.array(archiveEntrySchema),
  /** zip, gz, apk, bin (what the bytes turned out to be) */
  format: z.string(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** Who may upload what: the permission to add the package the file is for (the route lets any of them in). */
export const FILE_UPLOAD_PERMISSION: Record<FilePurpose, string> = {
  firmware: 'herald.res.firmware.add',
  resource: 'herald.res.respack.add',
  smartConfig: 'herald.res.scapp.add',
  logo: 'herald.push.task.add',
};
