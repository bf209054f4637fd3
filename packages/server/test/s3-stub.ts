import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an S3-compatible store on 127.0.0.1 (path-style: /<bucket>/<key>). It checks
 * every request's Signature V4 the way S3 does — from the bytes on the wire, with its own
 * canonicalisation (not Herald's signer) — and answers S3's XML errors: SignatureDoesNotMatch,
 * XAmzContentSHA256Mismatch, AccessDenied for an expired presigned URL, NoSuchKey. Objects live in
 * memory; GET honours one `Range`. `fail` makes it answer 503 SlowDown.
 */
export async function startS3Stub(opts: { bucket: string; accessKey: string; secretKey: string; region?: string }) {
  const region = opts.region ?? 'us-east-1';
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; url: string; presigned: boolean }[] = [];
  const state = { fail: false };

  const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
  const hmac = (k: Buffer | string, s: string) => createHmac('sha256', k).update(s).digest();
  // RFC 3986: S3 canonical query values are percent-encoded with upper-case hex, unreserved left alone
  const enc = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

  function expectedSignature(
    req: http.IncomingMessage,
    day: string,
    amzDate: string,
    signedHeaders: string[],
    payloadHash: string,
  ) {
    const url = new URL(req.url!, 'http://stub');
    const query = [...url.searchParams.entries()]
      .filter(([k]) => k !== 'X-Amz-Signature')
      .map(([k, v]) => `${enc(k)}=${enc(v)}`)
      .sort()
      .join('&');
    const headers = signedHeaders.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
    const canonical = [req.method, url.pathname, query, headers, signedHeaders.join(';'), payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const sts = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${opts.secretKey}`, day), region), 's3'), 'aws4_request');
    return hmac(key, sts).toString('hex');
  }

  /** undefined when the request is properly signed, else the S3 error code. */
  function verify(req: http.IncomingMessage, body: Buffer): string | undefined {
    const url = new URL(req.url!, 'http://stub');
    const q = url.searchParams;
    if (q.get('X-Amz-Algorithm')) {
      const cred = q.get('X-Amz-Credential') ?? '';
      const [ak, day] = cred.split('/');
      const amzDate = q.get('X-Amz-Date') ?? '';
      if (ak !== opts.accessKey) return 'InvalidAccessKeyId';
      const issued = Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
      if (!(issued + Number(q.get('X-Amz-Expires')) * 1000 >= Date.now())) return 'AccessDenied';
      const sig = expectedSignature(
        req,
        day!,
        amzDate,
        (q.get('X-Amz-SignedHeaders') ?? '').split(';'),
        'UNSIGNED-PAYLOAD',
      );
      return sig === q.get('X-Amz-Signature') ? undefined : 'SignatureDoesNotMatch';
    }
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/[^,]+, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!m) return 'AccessDenied';
    const [, ak, day, signed, signature] = m;
    if (ak !== opts.accessKey) return 'InvalidAccessKeyId';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
    const names = signed!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
    return expectedSignature(req, day!, amzDate, names, payloadHash) === signature
      ? undefined
      : 'SignatureDoesNotMatch';
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url!, 'http://stub');
      requests.push({ method: req.method!, url: req.url!, presigned: url.searchParams.has('X-Amz-Signature') });
      const error = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
      };
      if (state.fail) return error(503, 'SlowDown');
      const bad = verify(req, body);
      if (bad) return error(403, bad);
      const m = /^\/([^/]+)\/(.+)$/.exec(url.pathname);
      if (!m || m[1] !== opts.bucket) return error(404, 'NoSuchBucket');
      const key = decodeURIComponent(m[2]!);
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) return error(404, 'NoSuchKey');
        const r = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
        if (r) {
          const start = Number(r[1]);
          const end = r[2] ? Math.min(Number(r[2]), o.body.length - 1) : o.body.length - 1;
          if (start >= o.body.length) return error(416, 'InvalidRange');
          res.writeHead(206, {
            'content-type': o.contentType,
            'content-range': `bytes ${start}-${end}/${o.body.length}`,
            'content-length': end - start + 1,
          });
          return res.end(o.body.subarray(start, end + 1));
        }
        res.writeHead(200, { 'content-type': o.contentType, 'content-length': o.body.length });
        return res.end(o.body);
      }
      return error(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
