import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live. Local disk under the data directory by default; any
 * S3-compatible store when `STORAGE_S3_*` is configured. Keys are opaque, chosen by Herald.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** the whole object (files are at most 50 MB) */
  get(key: string): Promise<Buffer>;
  /** the bytes from `start` to `end` (inclusive) or to the end */
  stream(key: string, range?: { start: number; end?: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * A URL a device can fetch directly, valid for `ttlMs`, when the store serves downloads itself
   * (S3 presigned GET); undefined when downloads go through Herald (local disk).
   */
  presignedGetUrl(key: string, ttlMs: number): Promise<string | undefined>;
}
