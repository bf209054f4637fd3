import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests and presigned URLs (the subset Herald uses: one
 * region, service 's3', path-style or virtual-hosted addresses). Written out here rather than
 * pulling an SDK: it is a hundred lines of HMAC, and the test checks it against AWS's own
 * published examples.
 */
export type Credentials = { accessKey: string; secretKey: string; region: string };

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as S3 wants it (everything but unreserved; `/` kept in paths). */
export function uriEncode(s: string, keepSlash = false): string {
  return Array.from(Buffer.from(s, 'utf8'))
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** `20130524T000000Z` */
export const amzDate = (d: Date) => d.toISOString().replace(/[:-]|\.\d{3}/g, '');

function canonicalQuery(params: [string, string][]): string {
  return params
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function signingKey(c: Credentials, day: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${c.secretKey}`, day), c.region), 's3'), 'aws4_request');
}

type Request = {
  method: string;
  url: URL;
  /** header names in any case; `host` is taken from the URL */
  headers: Record<string, string>;
  /** hex sha256 of the body, or 'UNSIGNED-PAYLOAD' */
  payloadHash: string;
};

function stringToSign(c: Credentials, r: Request, when: string, signed: [string, string][]) {
  const day = when.slice(0, 8);
  const scope = `${day}/${c.region}/s3/aws4_request`;
  const query = canonicalQuery([...r.url.searchParams.entries()].filter(([k]) => k !== 'X-Amz-Signature'));
  const canonical = [
    r.method,
    uriEncode(decodeURIComponent(r.url.pathname), true),
    query,
    signed.map(([k, v]) => `${k}:${v}\n`).join(''),
    signed.map(([k]) => k).join(';'),
    r.payloadHash,
  ].join('\n');
  return { scope, day, text: ['AWS4-HMAC-SHA256', when, scope, sha256Hex(canonical)].join('\n') };
}

const canonicalHeaders = (url: URL, headers: Record<string, string>): [string, string][] =>
  Object.entries({ ...headers, host: url.host })
    .map(([k, v]) => [k.toLowerCase(), String(v).trim().replace(/\s+/g, ' ')] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : 1));

/** Headers to send (Authorization, x-amz-date, x-amz-content-sha256 added). */
export function signHeaders(c: Credentials, r: Request, now = new Date()): Record<string, string> {
  const when = amzDate(now);
  const headers = { ...r.headers, 'x-amz-date': when, 'x-amz-content-sha256': r.payloadHash };
  const signed = canonicalHeaders(r.url, headers);
  const sts = stringToSign(c, { ...r, headers }, when, signed);
  const signature = hmac(signingKey(c, sts.day), sts.text).toString('hex');
  return {
    ...headers,
    authorization:
      `AWS4-HMAC-SHA256 Credential=${c.accessKey}/${sts.scope}, ` +
      `SignedHeaders=${signed.map(([k]) => k).join(';')}, Signature=${signature}`,
  };
}

/** A presigned GET URL valid for `expiresSec` (S3 allows at most 7 days). */
export function presignUrl(c: Credentials, url: URL, expiresSec: number, now = new Date()): string {
  const when = amzDate(now);
  const u = new URL(url);
  u.searchParams.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA256');
  u.searchParams.set('X-Amz-Credential', `${c.accessKey}/${when.slice(0, 8)}/${c.region}/s3/aws4_request`);
  u.searchParams.set('X-Amz-Date', when);
  u.searchParams.set('X-Amz-Expires', String(Math.max(1, Math.min(604800, Math.floor(expiresSec)))));
  u.searchParams.set('X-Amz-SignedHeaders', 'host');
  const sts = stringToSign(c, { method: 'GET', url: u, headers: {}, payloadHash: 'UNSIGNED-PAYLOAD' }, when, [
    ['host', u.host],
  ]);
  const signature = hmac(signingKey(c, sts.day), sts.text).toString('hex');
  // rebuild the query in canonical order so what is sent is exactly what was signed
  return `${u.origin}${u.pathname}?${canonicalQuery([...u.searchParams.entries()])}&X-Amz-Signature=${signature}`;
}
