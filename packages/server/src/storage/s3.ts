import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { presignUrl, sha256Hex, signHeaders, type Credentials } from './sigv4';
import type { FileStorage } from './types';

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  /** `endpoint/bucket/key` (MinIO, most self-hosted stores) instead of `bucket.endpoint/key` */
  pathStyle: boolean;
};

/** A missing object reads like a missing local file, so callers handle both stores alike. */
const missing = (key: string) => Object.assign(new Error(`no object ${key}`), { code: 'ENOENT' });

/**
 * Any S3-compatible store (AWS S3, MinIO, Ceph, R2 …) over plain HTTP with Signature V4. Devices
 * download straight from the store through presigned URLs, so firmware traffic bypasses Herald.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly creds: Credentials;
  constructor(private readonly cfg: S3Config) {
    this.creds = { accessKey: cfg.accessKey, secretKey: cfg.secretKey, region: cfg.region };
  }

  private url(key: string): URL {
    if (!/^[A-Za-z0-9/_-]+$/.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    const base = new URL(this.cfg.endpoint);
    const prefix = base.pathname.replace(/\/$/, '');
    if (this.cfg.pathStyle) return new URL(`${base.origin}${prefix}/${this.cfg.bucket}/${key}`);
    return new URL(`${base.protocol}//${this.cfg.bucket}.${base.host}${prefix}/${key}`);
  }

  private async send(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) {
    const url = this.url(key);
    const signed = signHeaders(this.creds, {
      method,
      url,
      headers,
      payloadHash: sha256Hex(body ?? Buffer.alloc(0)),
    });
    return fetch(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined });
  }

  private static async fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => '');
    throw new Error(`S3 ${what} failed: HTTP ${res.status} ${text.slice(0, 300)}`);
  }

  async put(key: string, data: Buffer, contentType = 'application/octet-stream'): Promise<void> {
    const res = await this.send('PUT', key, data, { 'content-type': contentType });
    if (!res.ok) await S3Storage.fail(res, `PUT ${key}`);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<Buffer> {
    const res = await this.send('GET', key);
    if (res.status === 404) throw missing(key);
    if (!res.ok) await S3Storage.fail(res, `GET ${key}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async stream(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : {};
    const res = await this.send('GET', key, undefined, headers);
    if (res.status === 404) throw missing(key);
    if (!res.ok || !res.body) await S3Storage.fail(res, `GET ${key}`);
    return Readable.fromWeb(res.body as unknown as WebReadableStream);
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    // deleting what is not there is fine (S3 itself answers 204 either way)
    if (!res.ok && res.status !== 404) await S3Storage.fail(res, `DELETE ${key}`);
    await res.arrayBuffer();
  }

  async presignedGetUrl(key: string, ttlMs: number): Promise<string> {
    return presignUrl(this.creds, this.url(key), ttlMs / 1000);
  }
}
