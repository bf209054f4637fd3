import { describe, expect, it } from 'vitest';
import { openApiStringToSign } from '@herald/contract';
import { bodySha256Hex, openApiSignature } from './sign';

/** The worked example of docs/open-api.md, byte for byte: if this changes, the docs and every SDK are wrong. */
const EXAMPLE = {
  appKey: 'hk_demo_7f3a',
  secret: 's3cr3t-0123456789abcdef0123456789abcdef',
  timestamp: '1767225600000',
  nonce: 'n0nce-8f2c41d7',
  body: '{"sn":"HP58A0001","templateId":12,"orderId":"ORD-20260101-0001","params":{"table":"7","total":"25.30"}}',
};

describe('open API signature', () => {
  it('matches the documented worked example', () => {
    const hash = bodySha256Hex(EXAMPLE.body);
    expect(hash).toBe('076ed11d14b660c81dd1fcd45deb82b3de8b535217506be4444a116bcea1c7ac');
    expect(
      openApiStringToSign({
        appKey: EXAMPLE.appKey,
        timestamp: EXAMPLE.timestamp,
        nonce: EXAMPLE.nonce,
        method: 'post',
        path: '/open/v1/print',
        bodySha256Hex: hash,
      }),
    ).toBe(
      'hk_demo_7f3a\n1767225600000\nn0nce-8f2c41d7\nPOST\n/open/v1/print\n076ed11d14b660c81dd1fcd45deb82b3de8b535217506be4444a116bcea1c7ac',
    );
    expect(
      openApiSignature(EXAMPLE.secret, { ...EXAMPLE, method: 'POST', path: '/open/v1/print', body: EXAMPLE.body }),
    ).toBe('bed5ea61d33c2137e711a667ffa7eab283e790c08b8adacd994309bc4704f66d');
  });

  it('hashes the raw bytes: the same JSON with other spacing signs differently', () => {
    const p = { appKey: 'k', timestamp: 1, nonce: 'abcdefgh', method: 'POST', path: '/open/v1/print' };
    expect(openApiSignature('s', { ...p, body: '{"a":1}' })).not.toBe(
      openApiSignature('s', { ...p, body: '{ "a": 1 }' }),
    );
    expect(bodySha256Hex(undefined)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
