import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

describe('TRUST_PROXY', () => {
  it('believes loopback proxies unless told otherwise', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(parseTrustProxy('  ')).toBe('loopback');
  });

  it('takes true/false and lists of addresses, ranges and names as they are', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('FALSE')).toBe(false);
    expect(parseTrustProxy('10.0.0.0/8, loopback')).toBe('10.0.0.0/8, loopback');
  });
});
