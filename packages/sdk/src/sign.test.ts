import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OPEN_API, openApiStringToSign } from '@herald/contract';
import { newNonce, signHeaders } from './sign';

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

  it('matches the recorded value of the fixed request', () => {
    expect(signHeaders(fixed)[OPEN_API.headers.signature]).toBe(
      '5a2f36d1bc54cb68ee737b851bcdc124f8b65c01121552a8ff1a22a8f17f1c93',
    );
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
