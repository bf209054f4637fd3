import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OPEN_API, openApiStringToSign } from '@herald/contract';
import { newNonce, sha256Hex, signHeaders } from './sign';

// One fixed request, signed by hand from the contract's string-to-sign and by the SDK.
const fixed = {
  appKey: 'ak_demo_0001',
  secret: 'demo-secret-0123456789abcdef',
  method: 'POST',
  path: '/open/v1/print',
  body: '{"sn":"SIM000001","content":"Hello|\\n","orderId":"A-1001"}',
  timestamp: 1767225600000,
  nonce: 'n0nce-abc_12345',
};

describe('open API signature', () => {
  it('is hex HMAC-SHA256(secret, string-to-sign) over the body bytes', () => {
    const toSign = openApiStringToSign({
      appKey: fixed.appKey,
      timestamp: fixed.timestamp,
      nonce: fixed.nonce,
      method: 'POST',
      path: fixed.path,
      bodySha256Hex: createHash('sha256').update(Buffer.from(fixed.body, 'utf8')).digest('hex'),
    });
    const expected = createHmac('sha256', fixed.secret).update(toSign).digest('hex');
    const h = signHeaders(fixed);
    expect(h[OPEN_API.headers.signature]).toBe(expected);
    expect(h[OPEN_API.headers.appKey]).toBe(fixed.appKey);
    expect(h[OPEN_API.headers.timestamp]).toBe(String(fixed.timestamp));
    expect(h[OPEN_API.headers.nonce]).toBe(fixed.nonce);
  });

  it('reproduces the worked example of docs/open-api.md', () => {
    const body =
      '{"sn":"HP58A0001","templateId":12,"orderId":"ORD-20260101-0001","params":{"table":"7","total":"25.30"}}';
    expect(sha256Hex(body)).toBe('076ed11d14b660c81dd1fcd45deb82b3de8b535217506be4444a116bcea1c7ac');
    const h = signHeaders({
      appKey: 'hk_demo_7f3a',
      secret: 's3cr3t-0123456789abcdef0123456789abcdef',
      method: 'POST',
      path: '/open/v1/print',
      body: Buffer.from(body, 'utf8'),
      timestamp: 1767225600000,
      nonce: 'n0nce-8f2c41d7',
    });
    expect(h).toEqual({
      'x-herald-appkey': 'hk_demo_7f3a',
      'x-herald-timestamp': '1767225600000',
      'x-herald-nonce': 'n0nce-8f2c41d7',
      'x-herald-signature': 'bed5ea61d33c2137e711a667ffa7eab283e790c08b8adacd994309bc4704f66d',
    });
  });

  it('changes with any byte of the body, the path or the method', () => {
    const base = signHeaders(fixed)[OPEN_API.headers.signature];
    expect(signHeaders({ ...fixed, body: fixed.body.replace('1001', '1002') })[OPEN_API.headers.signature]).not.toBe(
      base,
    );
    expect(signHeaders({ ...fixed, path: '/open/v1/speak' })[OPEN_API.headers.signature]).not.toBe(base);
    expect(signHeaders({ ...fixed, method: 'PUT' })[OPEN_API.headers.signature]).not.toBe(base);
    // the method is upper-cased in the string to sign
    expect(signHeaders({ ...fixed, method: 'post' })[OPEN_API.headers.signature]).toBe(base);
  });

  it('makes fresh nonces the server accepts', () => {
    const a = newNonce();
    expect(a).toMatch(OPEN_API.nonceRe);
    expect(newNonce()).not.toBe(a);
    expect(() => signHeaders({ ...fixed, nonce: 'short' })).toThrow();
  });
});
